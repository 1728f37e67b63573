CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"webhook_secret" text,
	"webhook_secret_previous" text,
	"webhook_secret_previous_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"avatar_url" text,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'reviewer'))
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "secrets" (
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "secrets_pkey" PRIMARY KEY("project_id","name")
);
--> statement-breakpoint
CREATE TABLE "workflow_definitions" (
	"project_id" text NOT NULL,
	"id" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"definition_type" text DEFAULT 'statechart-json' NOT NULL,
	"definition" json NOT NULL,
	"extensions" json DEFAULT '{}'::json NOT NULL,
	"config" json DEFAULT '{}'::json NOT NULL,
	"context_schema" json,
	"documents_schema" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_definitions_pkey" PRIMARY KEY("project_id","id","version")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"correlation_id" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"registration_number" text,
	"legal_form" text,
	"country" text,
	"country_of_incorporation" text,
	"date_of_incorporation" timestamp with time zone,
	"address" jsonb,
	"phone_number" text,
	"email" text,
	"website" text,
	"industry" text,
	"tax_identification_number" text,
	"vat_number" text,
	"number_of_employees" integer,
	"business_purpose" text,
	"business_type" text,
	"approval_state" text DEFAULT 'NEW' NOT NULL,
	"shareholder_structure" jsonb,
	"additional_info" jsonb,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "end_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"correlation_id" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"date_of_birth" text,
	"country" text,
	"nationality" text,
	"address" jsonb,
	"approval_state" text DEFAULT 'NEW' NOT NULL,
	"additional_info" jsonb,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_runtimes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"workflow_definition_id" text NOT NULL,
	"workflow_definition_version" integer NOT NULL,
	"business_id" uuid,
	"end_user_id" uuid,
	"parent_runtime_id" uuid,
	"state" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"manual_review_reason" text,
	"workflow_final_state" text,
	"assignee_id" uuid,
	"assigned_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"event_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "workflow_runtimes_status_check" CHECK ("workflow_runtimes"."status" in ('active', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "runtime_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runtime_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"runtime_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event_name" text,
	"payload" jsonb,
	"from_state" text,
	"to_state" text,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"runtime_id" uuid,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"subscription_id" uuid,
	"runtime_id" uuid,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"level" text NOT NULL,
	"workflow_definition_id" text,
	"runtime_id" uuid,
	"url" text NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"entity" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"project_id" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("project_id","scope","key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD CONSTRAINT "workflow_definitions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_users" ADD CONSTRAINT "end_users_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runtimes" ADD CONSTRAINT "workflow_runtimes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runtimes" ADD CONSTRAINT "workflow_runtimes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runtimes" ADD CONSTRAINT "workflow_runtimes_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runtimes" ADD CONSTRAINT "workflow_runtimes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_history" ADD CONSTRAINT "runtime_history_runtime_id_workflow_runtimes_id_fk" FOREIGN KEY ("runtime_id") REFERENCES "public"."workflow_runtimes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_project_idx" ON "api_keys" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_project_correlation_key" ON "businesses" USING btree ("project_id","correlation_id");--> statement-breakpoint
CREATE INDEX "businesses_project_company_name_idx" ON "businesses" USING btree ("project_id","company_name");--> statement-breakpoint
CREATE UNIQUE INDEX "end_users_project_correlation_key" ON "end_users" USING btree ("project_id","correlation_id");--> statement-breakpoint
CREATE INDEX "workflow_runtimes_definition_state_idx" ON "workflow_runtimes" USING btree ("project_id","workflow_definition_id","state");--> statement-breakpoint
CREATE INDEX "workflow_runtimes_business_idx" ON "workflow_runtimes" USING btree ("project_id","business_id");--> statement-breakpoint
CREATE INDEX "workflow_runtimes_end_user_idx" ON "workflow_runtimes" USING btree ("project_id","end_user_id");--> statement-breakpoint
CREATE INDEX "workflow_runtimes_assignee_idx" ON "workflow_runtimes" USING btree ("project_id","assignee_id");--> statement-breakpoint
CREATE INDEX "workflow_runtimes_created_idx" ON "workflow_runtimes" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workflow_runtimes_status_idx" ON "workflow_runtimes" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "workflow_runtimes_tags_idx" ON "workflow_runtimes" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "runtime_history_runtime_idx" ON "runtime_history" USING btree ("runtime_id","id");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_runtime_pending_idx" ON "jobs" USING btree ("runtime_id") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_runtime_idx" ON "webhook_deliveries" USING btree ("project_id","runtime_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_subscription_event_key" ON "webhook_deliveries" USING btree ("subscription_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_project_idx" ON "webhook_subscriptions" USING btree ("project_id","level");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_definition_idx" ON "webhook_subscriptions" USING btree ("project_id","workflow_definition_id");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_runtime_idx" ON "webhook_subscriptions" USING btree ("runtime_id");--> statement-breakpoint
CREATE INDEX "filters_project_idx" ON "filters" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");