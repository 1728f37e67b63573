import { applyDecision, type ReviewRecord } from "../engine";
import { validationFailed } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { step } from "../runtime/step";
import { assertFreshVersion, assertMayDecide, cleanReason, reasonRequired } from "./review-guards";

export interface DecideRuntimeInput {
  user: SessionUser;
  runtimeId: string;
  /** An event the case's current state accepts: `approve`, `reject`, `revision`, … */
  event: string;
  reason?: string | null;
  /** The case version the reviewer saw (412 `version_conflict` when it moved on). */
  expectedVersion: number;
}

export type { ReviewRecord };

/**
 * A reviewer's decision, in ONE locked step through the engine: check the version the reviewer saw and that
 * they may decide (assignee, or an admin override), apply the event with `{ reason }` as its payload (so it
 * lands in the history), and when it moves the case also store `context.review = { decision, reason,
 * reviewerId, at }`; then persist state, context, history, effects and webhook events together.
 * Rejections and revision requests need a reason (422). Throws 409 `event_not_accepted` for an event the
 * state does not accept. Returns the row and whether the case moved (a guarded event may not).
 *
 * @example
 * await decideRuntime(db, { user, runtimeId, event: "reject", reason: "Forged register extract", expectedVersion: 6 })
 */
export async function decideRuntime(db: Db, input: DecideRuntimeInput): Promise<{ runtime: WorkflowRuntime; moved: boolean }> {
  const reason = cleanReason(input.reason);
  if (!reason && reasonRequired(input.event)) {
    throw validationFailed(`A reason is required to ${input.event} a case.`, [{ path: "/reason", message: "write why (the customer may see it)" }]);
  }
  const { user } = input;
  const { runtime, value } = await step(db, { projectId: user.projectId, runtimeId: input.runtimeId }, ({ runtime: row, compiled, snapshot }) => {
    assertFreshVersion(row, input.expectedVersion);
    const { override } = assertMayDecide(row, user);
    const review: ReviewRecord = { decision: input.event, reason, reviewerId: user.id, at: new Date().toISOString() };
    const result = applyDecision(compiled, snapshot, review);
    const moved = result.transitioned || result.changed;
    const actor = { type: "reviewer" as const, id: user.id };
    return {
      result,
      value: moved,
      cause: {
        eventName: input.event,
        payload: { reason },
        actor,
        history: [
          {
            kind: "decision",
            eventName: input.event,
            payload: { decision: input.event, reason, override, applied: moved },
            fromState: row.state,
            toState: result.snapshot.state,
            actorType: actor.type,
            actorId: actor.id,
          },
        ],
      },
    };
  });
  return { runtime, moved: value === true };
}
