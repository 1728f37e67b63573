-- Tell waiting `Prefer: wait` requests that a runtime's API plugin call has finished: the notification
-- carries the runtime id and is delivered at commit of the job's completion, which follows the commit of
-- the step the call's result produced. Waiters re-check for other pending calls, so a chained call keeps them waiting.
CREATE OR REPLACE FUNCTION kyc_plugin_settled_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kyc_plugin_settled', NEW.runtime_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_plugin_settled_notify AFTER UPDATE OF status ON jobs
  FOR EACH ROW
  WHEN (OLD.status = 'pending' AND NEW.status <> 'pending' AND NEW.kind = 'api_plugin' AND NEW.runtime_id IS NOT NULL)
  EXECUTE FUNCTION kyc_plugin_settled_notify();
