import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { projectRow, timestamps, timestamptz } from "./columns";
import { businesses, endUsers } from "./entities";
import { users } from "./users";

export type RuntimeStatus = "active" | "completed" | "failed" | "canceled";
export type WorkflowFinalState = "approved" | "rejected" | "auto_approved" | "auto_rejected";

/**
 * One running (or finished) instance of a definition, pinned to the definition version it started on.
 * `version` is the optimistic-concurrency counter: every applied event increments it.
 * `eventSeq` numbers the system webhook events of this runtime so receivers can order them.
 */
export const workflowRuntimes = pgTable(
  "workflow_runtimes",
  {
    ...projectRow(),
    workflowDefinitionId: text("workflow_definition_id").notNull(),
    workflowDefinitionVersion: integer("workflow_definition_version").notNull(),
    businessId: uuid("business_id").references(() => businesses.id),
    endUserId: uuid("end_user_id").references(() => endUsers.id),
    parentRuntimeId: uuid("parent_runtime_id"),
    state: text("state").notNull(),
    status: text("status").$type<RuntimeStatus>().notNull().default("active"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    context: jsonb("context").$type<Record<string, unknown>>().notNull().default({}),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    manualReviewReason: text("manual_review_reason"),
    workflowFinalState: text("workflow_final_state").$type<WorkflowFinalState>(),
    assigneeId: uuid("assignee_id").references(() => users.id),
    assignedAt: timestamptz("assigned_at"),
    version: integer("version").notNull().default(1),
    eventSeq: integer("event_seq").notNull().default(0),
    ...timestamps(),
    resolvedAt: timestamptz("resolved_at"),
    /** The review deadline of the current state (`meta.sla.due` after entering it); null when the state has none. */
    dueAt: timestamptz("due_at"),
    /** When the deadline's warning is due (`dueAt − meta.sla.warnBefore`); null without a warning. */
    dueWarnAt: timestamptz("due_warn_at"),
  },
  (t) => [
    check("workflow_runtimes_status_check", sql`${t.status} in ('active', 'completed', 'failed', 'canceled')`),
    index("workflow_runtimes_definition_state_idx").on(t.projectId, t.workflowDefinitionId, t.state),
    index("workflow_runtimes_business_idx").on(t.projectId, t.businessId),
    index("workflow_runtimes_end_user_idx").on(t.projectId, t.endUserId),
    index("workflow_runtimes_assignee_idx").on(t.projectId, t.assigneeId),
    index("workflow_runtimes_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index("workflow_runtimes_status_idx").on(t.projectId, t.status),
    index("workflow_runtimes_tags_idx").using("gin", t.tags),
    index("workflow_runtimes_due_idx").on(t.projectId, t.dueAt).where(sql`${t.dueAt} is not null`),
    // The queue's due sort (cases without a deadline last) and its Overdue filter: lib/queues/list-queue-cases.ts.
    index("workflow_runtimes_due_order_idx").on(t.projectId, sql`coalesce(${t.dueAt}, 'infinity'::timestamptz)`, t.id),
    index("workflow_runtimes_deadline_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc(), t.dueAt).where(sql`${t.dueAt} is not null`),
    index("workflow_runtimes_parent_idx").on(t.projectId, t.parentRuntimeId).where(sql`${t.parentRuntimeId} is not null`),
  ],
);

export type WorkflowRuntime = typeof workflowRuntimes.$inferSelect;
export type NewWorkflowRuntime = typeof workflowRuntimes.$inferInsert;
