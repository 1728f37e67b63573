import { applyDecision, assertAcceptsEvent, voteKindOf, type ReviewRecord } from "../engine";
import { validationFailed } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { stepReading, type Decision, type LockedRuntime } from "../runtime/step";
import { documentDecision, withDocumentDecision } from "./decide-document";
import { castBallot, type Ballot } from "./four-eyes/ballot";
import { loadFourEyes } from "./four-eyes/load-four-eyes";
import { pendingVote, voteSummary } from "./four-eyes/pending-vote";
import { assertFreshVersion, assertMayDecide, assertNotAuditor, cleanReason, reasonRequired } from "./review-guards";
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

/** Whether the decision moved the case, and on a four-eyes state the vote it cast (null elsewhere). */
interface Outcome {
  moved: boolean;
  ballot: Ballot | null;
}

/**
 * A reviewer's decision, in ONE locked step through the engine: check the version the reviewer saw and that
 * they may decide (assignee, or an admin override), apply the event with `{ reason }` as its payload (so it
 * lands in the history), and when it moves the case also store `context.review = { decision, reason,
 * reviewerId, at }`; then persist state, context, history, effects and webhook events together.
 * Rejections and revision requests need a reason (422); a revision request may name documents to send back,
 * each with its reason (422 for one without), which get their decision in the same step as the move. Throws 409 `event_not_accepted` for an event the
 * state does not accept. Returns the row and whether the case moved (a guarded event may not).
 *
 * On a four-eyes state (`meta.review`) an approval or rejection is a vote (see docs/four-eyes.md): any eligible
 * reviewer may cast it, assignee or not, and admins get no override; 403 `four_eyes_required` refuses a vote the
 * rule does not allow and stores nothing. A vote that does not reach the required count is stored with its step
 * (the state stays; the version moves); the deciding one applies the event as above, with `approverIds` in
 * `context.review` and the approvers on the completion webhooks. Audited as `case.vote` (else `case.decision`).
 *
 * @example
 * await decideRuntime(db, { user, runtimeId, event: "reject", reason: "Forged register extract", expectedVersion: 6 })
 */
export async function decideRuntime(db: Db, input: DecideRuntimeInput): Promise<{ runtime: WorkflowRuntime; moved: boolean; vote: Ballot | null }> {
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
  const audit = (r: { value?: Outcome }) => (r.value?.ballot ? "case.vote" : "case.decision");
  const summary = (r: { runtime: WorkflowRuntime; value?: Outcome }) => ({
    event: input.event,
    moved: r.value?.moved === true,
    state: r.runtime.state,
    documentsSentBack: documents.map((d) => d.documentId),
    ...(r.value?.ballot ? { vote: r.value.ballot.kind, deciding: r.value.ballot.deciding, approvals: r.value.ballot.approvals, rejections: r.value.ballot.rejections } : {}),
  });
  const read = (tx: Db, { runtime: row, compiled }: LockedRuntime) => loadFourEyes(tx, row, compiled, user.id);
  const { runtime, value } = await auditedRuntimeAction(db, ref, actor, audit, summary, (tx: Db) => stepReading(tx, ref, read, ({ runtime: row, compiled, snapshot }, fourEyes): Decision<Outcome> => {
    assertFreshVersion(row, input.expectedVersion);
    // On a four-eyes state the rule decides who may act (any eligible reviewer, admins included, no override);
    // elsewhere the assignee does, and an admin may override.
    let ballot: Ballot | null = null;
    if (fourEyes) {
      assertNotAuditor(user);
      assertAcceptsEvent(compiled, snapshot, input.event);
      ballot = castBallot(fourEyes, user, input.event);
      if (ballot.kind && !ballot.deciding) return pendingVote(row, snapshot, fourEyes, ballot, { event: input.event, kind: ballot.kind, reason, actor });
    }
    const { override } = ballot ? { override: false } : assertMayDecide(row, user);
    const approvers = ballot ? ballot.approvers : voteKindOf(input.event) === "approve" ? [{ id: user.id, name: user.name }] : [];
    const review: ReviewRecord = { decision: input.event, reason, reviewerId: user.id, at: new Date().toISOString(), ...(ballot?.kind === "approve" ? { approverIds: approvers.map((a) => a.id) } : {}) };
    let context = snapshot.context;
    const sentBack = documents.map((d) => {
      const next = withDocumentDecision(context.documents, d.documentId, documentDecision("revision", d.reason, user.id));
      context = { ...context, documents: next.documents };
      return { documentId: d.documentId, index: next.index, status: "revision", reason: d.reason, override };
    });
    const result = applyDecision(compiled, { ...snapshot, context }, review);
    const moved = result.transitioned || result.changed;
    return {
      result,
      value: { moved, ballot },
      cause: {
        eventName: input.event,
        payload: { reason },
        actor,
        ...(ballot?.kind && fourEyes ? { vote: { userId: user.id, state: fourEyes.state, visit: fourEyes.visit, vote: ballot.kind, reason } } : {}),
        ...(moved && approvers.length ? { approvers } : {}),
        history: [
          ...sentBack.map((payload) => ({ kind: "decision" as const, eventName: "document.decision", payload, fromState: row.state, toState: row.state, actorType: actor.type, actorId: actor.id })),
          {
            kind: "decision",
            eventName: input.event,
            payload: { decision: input.event, reason, override, applied: moved, ...(ballot && fourEyes ? voteSummary(fourEyes, ballot) : {}) },
            fromState: row.state,
            toState: result.snapshot.state,
            actorType: actor.type,
            actorId: actor.id,
          },
        ],
      },
    };
  }));
  return { runtime, moved: value?.moved === true, vote: value?.ballot ?? null };
}
