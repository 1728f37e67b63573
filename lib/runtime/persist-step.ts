import { sql } from "drizzle-orm";
import type { CompiledWorkflow, TransitionResult } from "../engine";
import type { Db } from "../db/client";
import type { Job, WorkflowDefinition, WorkflowRuntime } from "../db/schema";
import { deriveEvents, type DerivedEvent } from "../webhooks/derive-events";
import { effectJobs } from "./effect-jobs";
import { jobCompletion, jobsInsert } from "../jobs/queue";
import { historyInsert, type HistoryInput } from "./sql/history-insert";
import { runtimeUpdate } from "./sql/runtime-update";
import { documentVersionsInsert, type SupersededDocument } from "./sql/document-versions-insert";
import { pluginJobsCancel } from "./sql/plugin-jobs-cancel";
import { timerJobsVoid } from "./sql/timer-jobs-void";
import { timerJobs } from "./timer-jobs";
import type { Actor } from "./types";
import { NOTHING, writeStep } from "./write-step";

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
  /** Document versions the step replaces or deletes: kept in `runtime_document_versions` by the step's statement. */
  supersededDocuments?: SupersededDocument[];
  /** Cancel the runtime's pending plugin jobs in the step's statement (a step that cancels the runtime). */
  cancelsPluginJobs?: boolean;
  /** System webhook events the step emits besides those its change derives (a deadline's warning or breach). */
  events?: DerivedEvent[];
}

/**
 * Persist one engine step inside the caller's transaction (which holds the runtime's row lock): the new
 * state, context, tags and status with `version + 1`, the history rows, the outbox jobs for the step's effects,
 * the timers it starts and voids with the deadline they set (`result.timers`), and its system webhook events.
 * A step that moved nothing (and emits no event of its own) only appends history and leaves the version as is.
 *
 * The runtime update, history, jobs, the event sequence numbers and the read of the applicable webhook
 * subscriptions are one statement; deliveries cost more statements only when somebody subscribes.
 */
export async function persistStep(
  tx: Db,
  runtime: WorkflowRuntime,
  definition: { row: WorkflowDefinition; compiled: CompiledWorkflow },
  result: TransitionResult,
  cause: StepCause,
): Promise<WorkflowRuntime> {
  const { snapshot } = result;
  const changed = result.transitioned || result.contextChanged || result.changed || snapshot.status !== runtime.status || cause.assignment !== undefined;
  // A deadline's warning or breach changes nothing a client holds: it numbers its events but keeps the version.
  const moved = changed || Boolean(cause.events?.length);
  // An event whose conds all failed, in a step that still changed something (a context patch sent with it).
  const ignored = !moved || result.diagnostics.some((d) => d.kind === "no_transition");
  const history: HistoryInput[] = [...(cause.history ?? [])];
  for (const d of result.diagnostics) {
    if (d.kind === "cond_error") {
      history.push({ kind: "cond_error", eventName: d.event, payload: d, fromState: d.state, actorType: "system" });
    }
  }
  if (cause.recordTransition !== false) {
    history.push({
      kind: ignored ? "event_ignored" : "transition",
      eventName: cause.eventName,
      payload: ignored
        ? { payload: cause.payload ?? null, reason: result.diagnostics.map((d) => ("message" in d ? d.message : d.kind)).join("; ") }
        : (cause.payload ?? null),
      fromState: result.previousState,
      toState: snapshot.state,
      actorType: cause.actor.type,
      actorId: cause.actor.id ?? null,
    });
  }
  const effects = effectJobs(runtime, definition.compiled, result.effects, snapshot.context);
  history.push(...effects.history);
  const writeHistory = historyInsert(runtime.projectId, runtime.id, history);
  const writeJobs = jobsInsert([...effects.jobs, ...timerJobs(runtime, result.timers)]);
  const completeJob = cause.completesJob ? jobCompletion(cause.completesJob) : NOTHING;
  const keepVersions = cause.supersededDocuments?.length ? documentVersionsInsert(runtime.projectId, runtime.id, cause.supersededDocuments, cause.actor) : NOTHING;

  if (!moved) {
    await tx.execute(sql`with h as (${writeHistory}), j as (${writeJobs}), done as (${completeJob}), v as (${keepVersions}) select 1`);
    return runtime;
  }

  const predicted: WorkflowRuntime = {
    ...runtime,
    state: snapshot.state,
    context: snapshot.context,
    tags: snapshot.tags,
    status: snapshot.status,
    manualReviewReason: snapshot.manualReviewReason,
    workflowFinalState: snapshot.workflowFinalState,
  };
  const canceled = snapshot.status === "canceled" && runtime.status !== "canceled";
  const events = [...deriveEvents({ before: runtime, after: predicted, result, eventName: cause.eventName }), ...(cause.events ?? [])];
  const updated = await writeStep(tx, {
    runtime: runtimeUpdate({ runtimeId: runtime.id, snapshot, resolved: result.completed || canceled, eventCount: events.length, assignment: cause.assignment, timers: result.timers, versionMoves: changed }),
    history: writeHistory,
    jobs: writeJobs,
    completeJob,
    documentVersions: keepVersions,
    cancelJobs: cause.cancelsPluginJobs ? pluginJobsCancel(runtime.projectId, runtime.id) : undefined,
    voidTimers: result.timers ? timerJobsVoid(runtime.projectId, runtime.id, result.timers, cause.completesJob?.id ?? null) : undefined,
    before: runtime,
    result,
    eventName: cause.eventName,
    events,
    definitionConfig: definition.row.config,
  });
  return updated!;
}
