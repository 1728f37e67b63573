-- Case lifecycle (#11): canceled runtimes, notes, earlier document versions. Production hardening (#14): API key
-- scopes and expiry (existing keys keep every scope), a session version per user, secrets bound to hosts.
CREATE TABLE "runtime_document_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runtime_document_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"runtime_id" uuid NOT NULL,
	"document_id" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text
);
--> statement-breakpoint
CREATE TABLE "runtime_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"runtime_id" uuid NOT NULL,
	"author_type" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_runtimes" DROP CONSTRAINT "workflow_runtimes_status_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{runtimes:write,runtimes:read,definitions:write,secrets:write,webhooks:admin,audit:read}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "secrets" ADD COLUMN "allowed_hosts" text[];--> statement-breakpoint
ALTER TABLE "runtime_document_versions" ADD CONSTRAINT "runtime_document_versions_runtime_id_workflow_runtimes_id_fk" FOREIGN KEY ("runtime_id") REFERENCES "public"."workflow_runtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_notes" ADD CONSTRAINT "runtime_notes_runtime_id_workflow_runtimes_id_fk" FOREIGN KEY ("runtime_id") REFERENCES "public"."workflow_runtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runtime_document_versions_doc_idx" ON "runtime_document_versions" USING btree ("runtime_id","document_id","version");--> statement-breakpoint
CREATE INDEX "runtime_notes_runtime_idx" ON "runtime_notes" USING btree ("project_id","runtime_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "workflow_runtimes" ADD CONSTRAINT "workflow_runtimes_status_check" CHECK ("workflow_runtimes"."status" in ('active', 'completed', 'failed', 'canceled'));