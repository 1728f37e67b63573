import { applyDecision, type ReviewRecord } from "../engine";
import { validationFailed } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { step } from "../runtime/step";
import { documentDecision, withDocumentDecision } from "./decide-document";
import { assertFreshVersion, assertMayDecide, cleanReason, reasonRequired } from "./review-guards";
import { auditedRuntimeAction } from "../audit/audited-runtime-action";

export interface DecideRuntimeInput {
  user: SessionUser;
  runtimeId: string;
  /** An event the case's current state accepts: `approve`, `reject`, `revision`, … */
  event: string;
  reason?: string | null;
  /**
   * With a revision request: the documents to send back, each with its own reason. They get the decision
   * `{ status: "revision", revisionReason }` in the same step, so the webhooks of the move carry them.
   */
  documents?: { documentId: string; reason: string }[];
  /** The case version the reviewer saw (412 `version_conflict` when it moved on). */
  expectedVersion: number;
}

export type { ReviewRecord };

/**
 * A reviewer's decision, in ONE locked step through the engine: check the version the reviewer saw and that
 * they may decide (assignee, or an admin override), apply the event with `{ reason }` as its payload (so it
 * lands in the history), and when it moves the case also store `context.review = { decision, reason,
 * reviewerId, at }`; then persist state, context, history, effects and webhook events together.
 * Rejections and revision requests need a reason (422); a revision request may name documents to send back,
 * each with its reason (422 for one without), which get their decision in the same step as the move. Throws 409 `event_not_accepted` for an event the
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
  const documents = (input.documents ?? []).map((d, i) => ({ documentId: d.documentId, reason: cleanReason(d.reason), at: `/documents/${i}/reason` }));
  if (documents.length && !/revision|revise/i.test(input.event)) {
    throw validationFailed("Documents are sent back only with a revision request.", [{ path: "/documents", message: "only with a revision event" }]);
  }
  const unexplained = documents.filter((d) => !d.reason);
  if (unexplained.length) throw validationFailed("Each document sent back for revision needs its own reason.", unexplained.map((d) => ({ path: d.at, message: "write what to correct" })));
  const { user } = input;
  const ref = { projectId: user.projectId, runtimeId: input.runtimeId };
  const actor = { type: "reviewer" as const, id: user.id };
  const { runtime, value } = await auditedRuntimeAction(db, ref, actor, "case.decision", (r) => ({ event: input.event, moved: r.value === true, state: r.runtime.state, documentsSentBack: documents.map((d) => d.documentId) }), (tx: Db) => step(tx, ref, ({ runtime: row, compiled, snapshot }) => {
    assertFreshVersion(row, input.expectedVersion);
    const { override } = assertMayDecide(row, user);
    const review: ReviewRecord = { decision: input.event, reason, reviewerId: user.id, at: new Date().toISOString() };
    let context = snapshot.context;
    const sentBack = documents.map((d) => {
      const next = withDocumentDecision(context.documents, d.documentId, documentDecision("revision", d.reason, user.id));
      context = { ...context, documents: next.documents };
      return { documentId: d.documentId, index: next.index, status: "revision", reason: d.reason, override };
    });
    const result = applyDecision(compiled, { ...snapshot, context }, review);
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
          ...sentBack.map((payload) => ({ kind: "decision" as const, eventName: "document.decision", payload, fromState: row.state, toState: row.state, actorType: actor.type, actorId: actor.id })),
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
  }));
  return { runtime, moved: value === true };
}
