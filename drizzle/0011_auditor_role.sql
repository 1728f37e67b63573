-- Roles (#13): a read-only auditor (sees cases, queues and the audit trail; decides nothing).
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'reviewer', 'auditor'));