-- Queue pages over 1,000,000 cases (issue 15): the Due sort and the Overdue filter read every case without these.
-- workflow_runtimes_due_order_idx: the due sort (`?sort=due`, soonest deadline first, cases without one last) orders
-- by coalesce(due_at, 'infinity') and id; without it a page read and sorted the whole queue (600 ms at 1,000,000
-- cases), with it a page reads its 51 rows. The Overdue filter bounds the same key at now().
-- workflow_runtimes_deadline_created_idx: Overdue, newest first. Overdue cases are the older ones, so a walk of
-- workflow_runtimes_created_idx passed every case created within the deadline's span before the first match (180 ms);
-- this one holds only the cases with a deadline and checks due_at inside the index.
-- Both are built in the migration's transaction: writes to workflow_runtimes wait for them (about 10 s per million).
CREATE INDEX "workflow_runtimes_due_order_idx" ON "workflow_runtimes" USING btree ("project_id",coalesce("due_at", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "workflow_runtimes_deadline_created_idx" ON "workflow_runtimes" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"due_at") WHERE "workflow_runtimes"."due_at" is not null;
