-- Wake the workers only when a statement inserted jobs. The statement-level trigger of 0004 fired for every
-- INSERT into jobs, also one that inserted no row: each step's statement has a jobs CTE, mostly empty, so every
-- committed step (a plain event, a run without plugins) sent a notification and woke each worker for a claim and a
-- due-time query that found nothing. The trigger now reads the statement's inserted rows (a transition table).
CREATE OR REPLACE FUNCTION kyc_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted_jobs) THEN
    PERFORM pg_notify('kyc_jobs', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_notify_after_insert ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_notify_after_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS inserted_jobs FOR EACH STATEMENT EXECUTE FUNCTION kyc_jobs_notify();
