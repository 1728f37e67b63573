import { eq, sql } from "drizzle-orm";
import type { CompiledWorkflow, TransitionResult } from "../engine";
import type { Db } from "../db/client";
import { runtimeHistory, workflowRuntimes, type NewRuntimeHistoryRow, type WorkflowRuntime } from "../db/schema";
import { enqueueJobs } from "../jobs/queue";
import { enqueueSystemEvents } from "../webhooks/system-events";
import { effectJobs } from "./effect-jobs";
import type { Actor } from "./types";

export interface StepCause {
  eventName: string;
  payload?: unknown;
  actor: Actor;
  /** Extra history rows to append before the transition row (e.g. the plugin call that produced the event). */
  history?: Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">[];
}

/**
 * Persist one engine step inside the caller's transaction (which holds the runtime's row lock): the new
 * state, context, tags and status with `version + 1`, the history rows, the outbox jobs for the step's effects
 * and its system webhook events. A step that moved nothing only appends history and leaves the version as is.
 */
export async function persistStep(
  tx: Db,
  runtime: WorkflowRuntime,
  compiled: CompiledWorkflow,
  result: TransitionResult,
  cause: StepCause,
): Promise<WorkflowRuntime> {
  const { snapshot } = result;
  const moved = result.transitioned || result.contextChanged || result.changed;
  const history: Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">[] = [...(cause.history ?? [])];
  for (const d of result.diagnostics) {
    if (d.kind === "cond_error") {
      history.push({ kind: "cond_error", eventName: d.event, payload: d, fromState: d.state, actorType: "system" });
    }
  }
  const actorFields = { actorType: cause.actor.type, actorId: cause.actor.id ?? null };
  history.push({
    kind: moved ? "transition" : "event_ignored",
    eventName: cause.eventName,
    payload: moved
      ? (cause.payload ?? null)
      : { payload: cause.payload ?? null, reason: result.diagnostics.map((d) => ("message" in d ? d.message : d.kind)).join("; ") },
    fromState: result.previousState,
    toState: snapshot.state,
    ...actorFields,
  });

  let updated = runtime;
  if (moved) {
    const now = new Date();
    [updated] = await tx
      .update(workflowRuntimes)
      .set({
        state: snapshot.state,
        context: snapshot.context,
        tags: snapshot.tags,
        status: snapshot.status,
        manualReviewReason: snapshot.manualReviewReason,
        workflowFinalState: snapshot.workflowFinalState,
        version: sql`${workflowRuntimes.version} + 1`,
        updatedAt: now,
        resolvedAt: result.completed ? now : runtime.resolvedAt,
      })
      .where(eq(workflowRuntimes.id, runtime.id))
      .returning();
  }
  const effects = effectJobs(updated, compiled, result.effects, snapshot.context);
  history.push(...effects.history);
  await tx.insert(runtimeHistory).values(history.map((h) => ({ ...h, projectId: runtime.projectId, runtimeId: runtime.id })));
  await enqueueJobs(tx, effects.jobs);
  if (moved) await enqueueSystemEvents(tx, { before: runtime, after: updated, result, eventName: cause.eventName });
  return updated;
}
