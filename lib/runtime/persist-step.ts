import { sql } from "drizzle-orm";
import type { CompiledWorkflow, TransitionResult } from "../engine";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { fromRow } from "../db/raw-sql";
import { workflowRuntimes, type Job, type WorkflowRuntime } from "../db/schema";
import { deriveEvents } from "../webhooks/derive-events";
import { enqueueSystemEvents } from "../webhooks/system-events";
import { effectJobs } from "./effect-jobs";
import { jobCompletion, jobsInsert } from "../jobs/queue";
import { applicableSubscriptionsJson, historyInsert, subscriptionsFrom, type HistoryInput } from "./step-sql";
import type { Actor } from "./types";

export interface StepCause {
  eventName: string;
  payload?: unknown;
  actor: Actor;
  /** Extra history rows to append before the transition row (e.g. the plugin call that produced the event). */
  history?: HistoryInput[];
  /** The claimed job whose work this step stores: marked succeeded in the step's statement (if its lease still holds). */
  completesJob?: Pick<Job, "id" | "lockedBy">;
  /** A new assignee (or `null` to unassign): set with `assignedAt` in the step's statement, and the version moves. */
  assignment?: { assigneeId: string | null };
  /** Append the `transition`/`event_ignored` row for `eventName` (default true); `history` then tells the whole story. */
  recordTransition?: boolean;
}

/**
 * Persist one engine step inside the caller's transaction (which holds the runtime's row lock): the new
 * state, context, tags and status with `version + 1`, the history rows, the outbox jobs for the step's effects
 * and its system webhook events. A step that moved nothing only appends history and leaves the version as is.
 *
 * The runtime update, history, jobs, the event sequence numbers and the read of the applicable webhook
 * subscriptions are one statement; deliveries cost more statements only when somebody subscribes.
 */
export async function persistStep(
  tx: Db,
  runtime: WorkflowRuntime,
  compiled: CompiledWorkflow,
  result: TransitionResult,
  cause: StepCause,
): Promise<WorkflowRuntime> {
  const { snapshot } = result;
  const assigns = cause.assignment !== undefined;
  const moved = result.transitioned || result.contextChanged || result.changed || assigns;
  const history: HistoryInput[] = [...(cause.history ?? [])];
  for (const d of result.diagnostics) {
    if (d.kind === "cond_error") {
      history.push({ kind: "cond_error", eventName: d.event, payload: d, fromState: d.state, actorType: "system" });
    }
  }
  const actorFields = { actorType: cause.actor.type, actorId: cause.actor.id ?? null };
  if (cause.recordTransition !== false) history.push({
    kind: moved ? "transition" : "event_ignored",
    eventName: cause.eventName,
    payload: moved
      ? (cause.payload ?? null)
      : { payload: cause.payload ?? null, reason: result.diagnostics.map((d) => ("message" in d ? d.message : d.kind)).join("; ") },
    fromState: result.previousState,
    toState: snapshot.state,
    ...actorFields,
  });
  const effects = effectJobs(runtime, compiled, result.effects, snapshot.context);
  history.push(...effects.history);
  const writeHistory = historyInsert(runtime.projectId, runtime.id, history);
  const writeJobs = jobsInsert(effects.jobs);
  const completeJob = cause.completesJob ? jobCompletion(cause.completesJob) : sql`select 1`;

  if (!moved) {
    await tx.execute(sql`with h as (${writeHistory}), j as (${writeJobs}), done as (${completeJob}) select 1`);
    return runtime;
  }

  const assigneeId = assigns ? cause.assignment!.assigneeId : runtime.assigneeId;
  const predicted: WorkflowRuntime = {
    ...runtime,
    assigneeId,
    state: snapshot.state,
    context: snapshot.context,
    tags: snapshot.tags,
    status: snapshot.status,
    manualReviewReason: snapshot.manualReviewReason,
    workflowFinalState: snapshot.workflowFinalState,
  };
  const events = deriveEvents({ before: runtime, after: predicted, result, eventName: cause.eventName });
  const rt = workflowRuntimes;
  const [raw] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      with rt as (
        update workflow_runtimes set
          state = ${snapshot.state}::text,
          context = ${JSON.stringify(snapshot.context)}::jsonb,
          tags = ${rt.tags.mapToDriverValue(snapshot.tags)}::text[],
          status = ${snapshot.status}::text,
          manual_review_reason = ${snapshot.manualReviewReason}::text,
          workflow_final_state = ${snapshot.workflowFinalState}::text,
          assignee_id = case when ${assigns}::boolean then ${assigneeId}::uuid else assignee_id end,
          assigned_at = case when not ${assigns}::boolean then assigned_at when ${assigneeId}::uuid is null then null else now() end,
          version = version + 1,
          event_seq = event_seq + ${events.length}::int,
          updated_at = now(),
          resolved_at = case when ${result.completed}::boolean then now() else resolved_at end
        where id = ${runtime.id}::uuid
        returning *
      ),
      h as (${writeHistory}),
      j as (${writeJobs}),
      done as (${completeJob})
      select rt.*, ${applicableSubscriptionsJson("rt")} as applicable_subscriptions from rt`),
  );
  const updated = fromRow(workflowRuntimes, raw);
  await enqueueSystemEvents(
    tx,
    { before: runtime, after: updated, result, eventName: cause.eventName },
    { events, lastSequence: updated.eventSeq, applicable: subscriptionsFrom(raw.applicable_subscriptions) },
  );
  return updated;
}
