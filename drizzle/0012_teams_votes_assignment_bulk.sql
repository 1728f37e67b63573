-- Control (#13): teams and their members, queues restricted to teams with automatic assignment, four-eyes review votes.
-- Bulk (#15): bulk operations over a queue or a selection, one item row per case so a crashed worker never acts twice.
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"runtime_id" uuid NOT NULL,
	"state" text NOT NULL,
	"state_entered_version" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"vote" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_vote_check" CHECK ("review_votes"."vote" in ('approve', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "bulk_operation_items" (
	"operation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"runtime_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"problem" jsonb,
	"done_at" timestamp with time zone,
	CONSTRAINT "bulk_operation_items_operation_id_seq_pk" PRIMARY KEY("operation_id","seq"),
	CONSTRAINT "bulk_operation_items_status_check" CHECK ("bulk_operation_items"."status" in ('pending', 'succeeded', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "bulk_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"filter_id" uuid,
	"action" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_operations_status_check" CHECK ("bulk_operations"."status" in ('queued', 'running', 'completed', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "team_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "assignment" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "last_assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_runtime_id_workflow_runtimes_id_fk" FOREIGN KEY ("runtime_id") REFERENCES "public"."workflow_runtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operation_items" ADD CONSTRAINT "bulk_operation_items_operation_id_bulk_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."bulk_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_project_name_key" ON "teams" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "review_votes_visit_user_key" ON "review_votes" USING btree ("runtime_id","state","state_entered_version","user_id");--> statement-breakpoint
CREATE INDEX "review_votes_project_runtime_idx" ON "review_votes" USING btree ("project_id","runtime_id");--> statement-breakpoint
CREATE INDEX "bulk_operation_items_pending_idx" ON "bulk_operation_items" USING btree ("operation_id","seq") WHERE "bulk_operation_items"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bulk_operations_project_idx" ON "bulk_operations" USING btree ("project_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_assignment_check" CHECK ("filters"."assignment" in ('manual', 'round_robin', 'least_loaded'));