-- Review deadlines (#12): a runtime's due date and warning time, set when it enters a state with meta.sla.
-- Audit trail (#13): append-only audit_events, chained by hash; a trigger refuses UPDATE, DELETE and TRUNCATE so the
-- role the app uses cannot rewrite the record (a superuser can disable the trigger: `npm run audit:verify` detects it).
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"request_id" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_runtimes" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_runtimes" ADD COLUMN "due_warn_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_events_project_idx" ON "audit_events" USING btree ("project_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("project_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "workflow_runtimes_due_idx" ON "workflow_runtimes" USING btree ("project_id","due_at") WHERE "workflow_runtimes"."due_at" is not null;--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_rewrite" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
