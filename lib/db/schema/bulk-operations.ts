import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { projectRow, timestamps, timestamptz } from "./columns";

export type BulkOperationStatus = "queued" | "running" | "completed" | "canceled";
export type BulkItemStatus = "pending" | "succeeded" | "failed" | "skipped";

/**
 * A bulk action over a queue (a filter's matching cases) or a selection of cases, run by the worker in chunks.
 * `total` is fixed when the operation is created (its items are the cases matched then); `succeeded`/`failed`
 * count items as they are done. `failures` holds the first 100 failed items with their problems.
 */
export const bulkOperations = pgTable(
  "bulk_operations",
  {
    ...projectRow(),
    filterId: uuid("filter_id"),
    action: text("action").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").$type<BulkOperationStatus>().notNull().default("queued"),
    total: integer("total").notNull().default(0),
    succeeded: integer("succeeded").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    failures: jsonb("failures").$type<Array<Record<string, unknown>>>().notNull().default([]),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id"),
    ...timestamps(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    check("bulk_operations_status_check", sql`${t.status} in ('queued', 'running', 'completed', 'canceled')`),
    index("bulk_operations_project_idx").on(t.projectId, t.createdAt.desc()),
  ],
);

/**
 * One case of a bulk operation. An item leaves `pending` in the same transaction as the action on its case, so a
 * worker killed midway never acts on a case twice: the next claim finds only the items still pending.
 */
export const bulkOperationItems = pgTable(
  "bulk_operation_items",
  {
    operationId: uuid("operation_id").notNull().references(() => bulkOperations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    runtimeId: uuid("runtime_id").notNull(),
    status: text("status").$type<BulkItemStatus>().notNull().default("pending"),
    problem: jsonb("problem").$type<Record<string, unknown>>(),
    doneAt: timestamptz("done_at"),
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.seq] }),
    check("bulk_operation_items_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed', 'skipped')`),
    index("bulk_operation_items_pending_idx").on(t.operationId, t.seq).where(sql`${t.status} = 'pending'`),
  ],
);

export type BulkOperation = typeof bulkOperations.$inferSelect;
export type BulkOperationItem = typeof bulkOperationItems.$inferSelect;
