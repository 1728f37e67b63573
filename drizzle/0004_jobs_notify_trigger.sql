-- Wake the workers whenever jobs are inserted: the notification is delivered at commit, and only if the
-- inserting transaction commits. Saves a round trip per enqueue and covers every insert path.
CREATE OR REPLACE FUNCTION kyc_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kyc_jobs', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify_after_insert AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION kyc_jobs_notify();
