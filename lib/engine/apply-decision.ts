import { applyEvent } from "./apply-event";
import type { CompiledWorkflow } from "./compiled-workflow";
import type { JsonObject, RuntimeSnapshot, TransitionResult } from "./types";

/** What a reviewer's decision leaves in `context.review` when it moves the workflow. */
export interface ReviewRecord extends JsonObject {
  decision: string;
  reason: string | null;
  reviewerId: string;
  at: string;
}

/**
 * A reviewer's decision: the event `review.decision` (origin `reviewer`, payload `{ reason }`), and when it
 * moves the workflow, `context.review` set to `review` in the same step. A guarded event whose conds all fail
 * moves nothing and leaves the context as it was. Throws `EventNotAcceptedError` like `applyEvent`.
 *
 * @example
 * const r = applyDecision(compiled, snapshot, { decision: "approve", reason: null, reviewerId: "u1", at: "2026-11-24T10:00:00Z" });
 * r.snapshot.context.review.decision // "approve"
 */
export function applyDecision(compiled: CompiledWorkflow, snapshot: RuntimeSnapshot, review: ReviewRecord): TransitionResult {
  const result = applyEvent(compiled, snapshot, { type: review.decision, payload: { reason: review.reason }, origin: "reviewer" });
  if (!result.transitioned && !result.changed) return result;
  return { ...result, contextChanged: true, snapshot: { ...result.snapshot, context: { ...result.snapshot.context, review } } };
}
