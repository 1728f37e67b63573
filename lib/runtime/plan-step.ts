import type { CompiledWorkflow, TransitionResult } from "../engine";
import type { Job, WorkflowDefinition, WorkflowRuntime } from "../db/schema";
import type { NewJobRow } from "../jobs/queue";
import { deriveEvents } from "../webhooks/derive-events";
import type { Approver, DerivedEvent } from "../webhooks/step-events";
import { effectJobs } from "./effect-jobs";
import type { RuntimeHistoryInput, HistoryInput } from "./sql/history-insert";
import type { RuntimeSupersededDocument, SupersededDocument } from "./sql/document-versions-insert";
import type { RuntimeUpdate } from "./sql/runtime-update";
import type { ReviewVoteInput, RuntimeReviewVote } from "./sql/review-votes-insert";
import type { TimerVoid } from "./sql/timer-jobs-void";
import { timerJobs } from "./timer-jobs";
import type { Actor } from "./types";
import type { StepChange } from "./write-step";

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
  /** A four-eyes vote the step casts: stored in `review_votes` by the step's statement, and the version moves. */
  vote?: ReviewVoteInput;
  /** Who approved the decision the step applies: carried as `approvers` by its completion webhooks. */
  approvers?: Approver[];
}

/** One runtime's step: its locked row, its compiled definition, the engine's result and why it happened. */
export interface RuntimeStep {
  runtime: WorkflowRuntime;
  definition: { row: WorkflowDefinition; compiled: CompiledWorkflow };
  result: TransitionResult;
  cause: StepCause;
  /**
   * The request or job scope the step belongs to, when several steps are written together for different causes
   * (a batch of timers, each continuing the request that started it): its outbox jobs carry that scope's request
   * id and trace. By default they carry the caller's.
   */
  inScope?: <R>(fn: () => R) => R;
}

/** The rows one step writes. `update` and `change` are set when the runtime moves (else only history and jobs). */
export interface StepPlan {
  step: RuntimeStep;
  history: RuntimeHistoryInput[];
  jobs: NewJobRow[];
  superseded: RuntimeSupersededDocument[];
  votes: RuntimeReviewVote[];
  update?: RuntimeUpdate;
  change?: StepChange;
  cancelsPluginJobs: boolean;
  voidTimers?: TimerVoid;
}

/**
 * What persisting a step writes, computed without the database: the history rows (`cond_error`s, the
 * `transition`/`event_ignored` row, plugin requests that could not be built), the outbox jobs of its effects and
 * timers, the document versions it supersedes, the four-eyes vote it casts, and, when it moved the runtime, the row update and its webhook
 * events. A step that moved nothing (and emits no event of its own) only appends history and leaves the version.
 *
 * @example
 * planStep({ runtime, definition, result: applyEvent(compiled, snapshot, { type: "start", origin: "api" }), cause })
 * // { history: [{ kind: "transition", eventName: "start", … }], jobs: [{ kind: "api_plugin", … }], update: { … }, … }
 */
export function planStep(step: RuntimeStep): StepPlan {
  const { runtime, definition, result, cause } = step;
  const { snapshot } = result;
  const changed = result.transitioned || result.contextChanged || result.changed || snapshot.status !== runtime.status || cause.assignment !== undefined || cause.vote !== undefined;
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
  const plan: StepPlan = {
    step,
    history: history.map((h) => ({ ...h, runtimeId: runtime.id })),
    jobs: [...effects.jobs, ...timerJobs(runtime, result.timers)],
    superseded: (cause.supersededDocuments ?? []).map((d) => ({ ...d, runtimeId: runtime.id, actor: cause.actor })),
    votes: cause.vote ? [{ ...cause.vote, runtimeId: runtime.id }] : [],
    cancelsPluginJobs: false,
  };
  if (!moved) return plan;

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
  const derived = [...deriveEvents({ before: runtime, after: predicted, result, eventName: cause.eventName }), ...(cause.events ?? [])];
  const events = cause.approvers ? derived.map((e) => ({ ...e, approvers: cause.approvers })) : derived;
  plan.update = { runtimeId: runtime.id, snapshot, resolved: result.completed || canceled, eventCount: events.length, assignment: cause.assignment, timers: result.timers, versionMoves: changed, keepsContext: snapshot.context === runtime.context };
  plan.change = { before: runtime, result, eventName: cause.eventName, events, definitionConfig: definition.row.config };
  plan.cancelsPluginJobs = cause.cancelsPluginJobs === true;
  if (result.timers) plan.voidTimers = { runtimeId: runtime.id, plan: result.timers, exceptJobId: cause.completesJob?.id ?? null };
  return plan;
}
