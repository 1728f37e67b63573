import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

/**
 * `timer`: a delayed transition or a deadline's warning or breach of a runtime, due at `run_at`. `bulk_operation`:
 * the next chunks of a bulk operation's cases (`payload.operationId`; no runtime of its own). `auto_assign`: a case
 * entered a state; assign it if a queue with automatic assignment shows it (`lib/queues/auto-assign-job.ts`).
 */
export type JobKind = "api_plugin" | "webhook_plugin" | "webhook_delivery" | "timer" | "bulk_operation" | "auto_assign";
/** `canceled`: the runtime was canceled before the job ran; it is never claimed again. */
export type JobStatus = "pending" | "succeeded" | "failed" | "canceled";

/**
 * The transactional outbox. Rows are inserted in the same transaction as the change that causes them and
 * claimed by workers with `FOR UPDATE SKIP LOCKED`; `lockedUntil` is the lease: a job whose worker died is
 * claimable again once it passes.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: text("project_id").notNull(),
    kind: text("kind").$type<JobKind>().notNull(),
    runtimeId: uuid("runtime_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    runAt: timestamptz("run_at").defaultNow().notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedUntil: timestamptz("locked_until"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    index("jobs_claim_idx").on(t.runAt).where(sql`${t.status} = 'pending'`),
    index("jobs_runtime_pending_idx").on(t.runtimeId).where(sql`${t.status} = 'pending'`),
  ],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
