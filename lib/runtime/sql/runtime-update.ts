import { sql, type SQL } from "drizzle-orm";
import type { RuntimeSnapshot, TimerPlan } from "../../engine";
import { workflowRuntimes } from "../../db/schema";
import { deadlineColumns } from "./deadline-columns";

export interface RuntimeUpdate {
  runtimeId: string;
  snapshot: RuntimeSnapshot;
  /** The step ended the runtime (entered a final state, or canceled it): `resolved_at` is set. */
  resolved: boolean;
  /** System webhook events the step emits: each takes the next number of `event_seq`. */
  eventCount: number;
  /** Set when the step changes the assignee (null unassigns); `assigned_at` follows. */
  assignment?: { assigneeId: string | null };
  /** The step's timers: its deadline sets or clears `due_at` and `due_warn_at` (see `deadlineColumns`). */
  timers?: TimerPlan;
  /** False for a step that only emits events of its own (a deadline's warning or breach): the version stays. */
  versionMoves: boolean;
}

/**
 * Contract: `update workflow_runtimes … returning *` for a runtime whose row the caller's transaction holds
 * locked: the snapshot's state, context, tags, status, review reason and outcome, `version + 1` (unless
 * `versionMoves` is false), `event_seq`
 * advanced by the step's events, `updated_at`, `resolved_at` when the runtime ends, the assignee when given, and
 * the review deadline the step's timers set, keep or clear.
 * A CTE body of the step's statement (see `step-statement.ts`).
 */
export function runtimeUpdate(u: RuntimeUpdate): SQL {
  const { snapshot } = u;
  const assigns = u.assignment !== undefined;
  const assigneeId = u.assignment?.assigneeId ?? null;
  const due = deadlineColumns(u.timers, { dueAt: sql`due_at`, dueWarnAt: sql`due_warn_at` });
  return sql`update workflow_runtimes set
      state = ${snapshot.state}::text,
      context = ${JSON.stringify(snapshot.context)}::jsonb,
      tags = ${workflowRuntimes.tags.mapToDriverValue(snapshot.tags)}::text[],
      status = ${snapshot.status}::text,
      manual_review_reason = ${snapshot.manualReviewReason}::text,
      workflow_final_state = ${snapshot.workflowFinalState}::text,
      assignee_id = case when ${assigns}::boolean then ${assigneeId}::uuid else assignee_id end,
      assigned_at = case when not ${assigns}::boolean then assigned_at when ${assigneeId}::uuid is null then null else now() end,
      due_at = ${due.dueAt},
      due_warn_at = ${due.dueWarnAt},
      version = version + ${u.versionMoves ? 1 : 0}::int,
      event_seq = event_seq + ${u.eventCount}::int,
      updated_at = now(),
      resolved_at = case when ${u.resolved}::boolean then now() else resolved_at end
    where id = ${u.runtimeId}::uuid
    returning *`;
}
