import { AppError, notFound, validationFailed } from "../errors";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { replaceContext } from "../engine";
import { step } from "../runtime/step";
import { assertActive, assertFreshVersion, assertMayDecide, cleanReason } from "./review-guards";
import { auditedRuntimeAction } from "../audit/audited-runtime-action";

export type DocumentDecisionStatus = "approved" | "rejected" | "revision";

/** Stored as `context.documents[i].decision` (the webhook payload reads status and the two reasons). */
export interface DocumentDecision {
  status: DocumentDecisionStatus;
  rejectionReason: string | null;
  revisionReason: string | null;
  decidedBy: string;
  decidedAt: string;
}

export interface DecideDocumentInput {
  user: SessionUser;
  runtimeId: string;
  /** The document's `id` (given at run start), or `#<index>` for a document without one. */
  documentId: string;
  status: DocumentDecisionStatus;
  reason?: string | null;
  expectedVersion: number;
}

/** The decision a reviewer records on a document, with the reason in the field its status reads. */
export function documentDecision(status: DocumentDecisionStatus, reason: string | null, userId: string): DocumentDecision {
  return {
    status,
    rejectionReason: status === "rejected" ? reason : null,
    revisionReason: status === "revision" ? reason : null,
    decidedBy: userId,
    decidedAt: new Date().toISOString(),
  };
}

/**
 * A copy of `documents` (the context's) in which the document `documentId` (its `id`, or `#<index>`) carries
 * `decision`, and its index. 404 when there is no such document; 409 `document_invalid` for an entry that is
 * not an object.
 */
export function withDocumentDecision(documents: unknown, documentId: string, decision: DocumentDecision): { documents: Record<string, unknown>[]; index: number } {
  const copy = Array.isArray(documents) ? [...(documents as Record<string, unknown>[])] : [];
  const index = copy.findIndex((d, i) => (typeof d?.id === "string" ? d.id === documentId : documentId === `#${i}`));
  if (index < 0) throw notFound("Document", documentId);
  if (typeof copy[index] !== "object" || copy[index] === null) throw new AppError("document_invalid", "This document entry is not an object and cannot carry a decision.");
  copy[index] = { ...copy[index], decision };
  return { documents: copy, index };
}

/**
 * Record a decision on one document through the one step path: the same version and assignee checks as case
 * decisions, then a context-only engine step (no transition, `replaceContext`), which bumps the
 * version, appends history and emits the `workflow.context.*` webhook events. Rejections and revision
 * requests need a reason (422).
 *
 * @example
 * await decideDocument(db, { user, runtimeId, documentId: doc.id, status: "rejected", reason: "Blurred", expectedVersion: 3 })
 */
export async function decideDocument(db: Db, input: DecideDocumentInput): Promise<WorkflowRuntime> {
  const reason = cleanReason(input.reason);
  if (!reason && input.status !== "approved") {
    throw validationFailed("A reason is required to reject a document or request its revision.", [{ path: "/reason", message: "write why" }]);
  }
  const { user } = input;
  const ref = { projectId: user.projectId, runtimeId: input.runtimeId };
  const { runtime } = await auditedRuntimeAction(db, ref, { type: "reviewer", id: user.id }, "case.document_decision", () => ({ documentId: input.documentId, status: input.status }), (tx: Db) => step(tx, ref, ({ runtime: row, compiled, snapshot }) => {
    assertFreshVersion(row, input.expectedVersion);
    assertActive(row);
    const { override } = assertMayDecide(row, user);
    const { documents, index } = withDocumentDecision(row.context.documents, input.documentId, documentDecision(input.status, reason, user.id));
    const actor = { type: "reviewer" as const, id: user.id };
    const payload = { documentId: input.documentId, index, status: input.status, reason, override };
    return {
      result: replaceContext(compiled, snapshot, { ...row.context, documents }),
      cause: {
        eventName: "document.decision",
        payload,
        actor,
        history: [{ kind: "decision", eventName: "document.decision", payload, fromState: row.state, toState: row.state, actorType: actor.type, actorId: actor.id }],
      },
    };
  }));
  return runtime;
}
