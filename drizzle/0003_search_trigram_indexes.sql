-- Trigram indexes behind the backoffice search (substring, case-insensitive) over 100,000+ cases.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_search_trgm_idx" ON "businesses" USING gin (
  (lower(coalesce("company_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("registration_number", '') || ' ' || "correlation_id")) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "end_users_search_trgm_idx" ON "end_users" USING gin (
  (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || "correlation_id")) gin_trgm_ops
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "workflow_runtimes_representative_email_trgm_idx" ON "workflow_runtimes" USING gin (
  (lower("context" #>> '{entity,data,additionalInfo,mainRepresentative,email}')) gin_trgm_ops
);
