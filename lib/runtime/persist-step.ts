import type { CompiledWorkflow, TransitionResult } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowDefinition, WorkflowRuntime } from "../db/schema";
import { jobsCompletion, jobsInsert } from "../jobs/queue";
import { withJobTrace } from "../observability/job-trace";
import { planStep, type RuntimeStep, type StepCause } from "./plan-step";
import { historyInsert } from "./sql/history-insert";
import { runtimeUpdate } from "./sql/runtime-update";
import { documentVersionsInsert } from "./sql/document-versions-insert";
import { pluginJobsCancel } from "./sql/plugin-jobs-cancel";
import { autoAssignJobsInsert } from "./sql/auto-assign-job-insert";
import { reviewVotesInsert } from "./sql/review-votes-insert";
import { timerJobsVoid } from "./sql/timer-jobs-void";
import { writeSteps } from "./write-step";

export type { RuntimeStep, StepCause } from "./plan-step";

/**
 * Persist one engine step inside the caller's transaction (which holds the runtime's row lock): the new
 * state, context, tags and status with `version + 1`, the history rows, the outbox jobs for the step's effects,
 * the timers it starts and voids with the deadline they set (`result.timers`), the `auto_assign` job of a
 * transition that leaves the case active (if the project has a queue that assigns automatically), and its
 * system webhook events.
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
  const [updated] = await persistSteps(tx, [{ runtime, definition, result, cause }]);
  return updated;
}

/**
 * `persistStep` for the steps of several runtimes of one project, each at most once, whose rows the caller's
 * transaction holds locked: the same rows (`planStep`), written by one statement whatever their number (each part
 * a multi-row CTE). Returns each runtime's row after its step, in the order of `steps`.
 */
export async function persistSteps(tx: Db, steps: RuntimeStep[]): Promise<WorkflowRuntime[]> {
  const projectId = steps[0].runtime.projectId;
  if (steps.some((s) => s.runtime.projectId !== projectId) || new Set(steps.map((s) => s.runtime.id)).size !== steps.length) {
    throw new Error("persistSteps: the steps must be of distinct runtimes of one project");
  }
  const plans = steps.map(planStep);
  const moved = plans.filter((p) => p.update);
  const superseded = plans.flatMap((p) => p.superseded);
  const votes = plans.flatMap((p) => p.votes);
  const canceling = moved.filter((p) => p.cancelsPluginJobs).map((p) => p.step.runtime.id);
  const voids = moved.flatMap((p) => (p.voidTimers ? [p.voidTimers] : []));
  const completing = plans.flatMap((p) => (p.step.cause.completesJob ? [p.step.cause.completesJob] : []));
  const entered = moved.filter((p) => p.step.result.transitioned && p.step.result.snapshot.status === "active").map((p) => ({ runtimeId: p.step.runtime.id, state: p.step.result.snapshot.state }));
  const written = await writeSteps(tx, {
    runtime: runtimeUpdate(projectId, moved.map((p) => p.update!)),
    history: historyInsert(projectId, plans.flatMap((p) => p.history)),
    jobs: jobsInsert(plans.flatMap((p) => (p.step.inScope ? p.step.inScope(() => p.jobs.map((j) => ({ ...j, payload: withJobTrace(j.payload) }))) : p.jobs))),
    completeJobs: completing.length ? [jobsCompletion(completing)] : [],
    documentVersions: superseded.length ? documentVersionsInsert(projectId, superseded) : undefined,
    cancelJobs: canceling.length ? pluginJobsCancel(projectId, canceling) : undefined,
    voidTimers: voids.length ? timerJobsVoid(projectId, voids) : undefined,
    more: [...(votes.length ? [reviewVotesInsert(projectId, votes)] : []), ...(entered.length ? [autoAssignJobsInsert(projectId, entered)] : [])],
    changes: new Map(moved.map((p) => [p.step.runtime.id, { ...p.change!, inScope: p.step.inScope }])),
  });
  return plans.map((p) => (p.update ? written.get(p.step.runtime.id)! : p.step.runtime));
}
