import { projectFilter, uuidArray } from "../../db/raw-sql";
import { sql, type SQL } from "drizzle-orm";
import type { RuntimeSnapshot, TimerPlan } from "../../engine";
import { deadlineColumns, deadlineValue } from "./deadline-columns";
import { runtimeReturning } from "./runtime-returning";

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
  /** The step left the context as it was (the engine handed back the very object it was given): it is not sent. */
  keepsContext?: boolean;
}

/**
 * Contract: `update workflow_runtimes … returning` the rows (without `context`: `runtimeReturning`), for runtimes whose rows the caller's transaction holds
 * locked, each at most once: the snapshot's state, context (unless `keepsContext`: the stored value stays, neither
 * sent nor parsed, and a large one's TOAST is not rewritten), tags, status, review reason and outcome, `version + 1`
 * (unless `versionMoves` is false), `event_seq` advanced by the step's events, `updated_at`, `resolved_at` when the
 * runtime ends, the assignee when given, and the review deadline the step's timers set, keep or clear.
 * The updates travel as one JSON parameter (fixed text, whatever their number). A CTE body of the step's statement
 * (see `step-statement.ts`).
 */
export function runtimeUpdate(projectId: string, updates: RuntimeUpdate[]): SQL {
  const json = JSON.stringify(
    updates.map((u) => ({
      id: u.runtimeId,
      state: u.snapshot.state,
      context: u.keepsContext ? undefined : u.snapshot.context,
      tags: u.snapshot.tags,
      status: u.snapshot.status,
      reason: u.snapshot.manualReviewReason,
      outcome: u.snapshot.workflowFinalState,
      ...(u.assignment !== undefined ? { assignee: u.assignment.assigneeId } : {}),
      deadline: deadlineValue(u.timers),
      version: u.versionMoves ? 1 : 0,
      events: u.eventCount,
      resolved: u.resolved,
    })),
  );
  const due = deadlineColumns(sql`u.v->'deadline'`, { dueAt: sql`w.due_at`, dueWarnAt: sql`w.due_warn_at` });
  return sql`update workflow_runtimes w set
      state = u.v->>'state',
      context = coalesce(u.v->'context', w.context),
      tags = array(select jsonb_array_elements_text(u.v->'tags')),
      status = u.v->>'status',
      manual_review_reason = u.v->>'reason',
      workflow_final_state = u.v->>'outcome',
      assignee_id = case when (u.v ? 'assignee') then (u.v->>'assignee')::uuid else w.assignee_id end,
      assigned_at = case when not (u.v ? 'assignee') then w.assigned_at when u.v->>'assignee' is null then null else now() end,
      due_at = ${due.dueAt},
      due_warn_at = ${due.dueWarnAt},
      version = w.version + (u.v->>'version')::int,
      event_seq = w.event_seq + (u.v->>'events')::int,
      updated_at = now(),
      resolved_at = case when (u.v->>'resolved')::boolean then now() else w.resolved_at end
    from jsonb_array_elements(${json}::jsonb) as u(v)
    where w.id = (u.v->>'id')::uuid and w.id = any(${uuidArray(updates.map((u) => u.runtimeId))}) and ${projectFilter(sql`w.project_id`, projectId)}
    returning ${runtimeReturning("w")}`;
}
