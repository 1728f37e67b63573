import { replaceContext, RuntimeNotActiveError, type CompiledWorkflow, type JsonObject } from "../../engine";
import type { Db } from "../../db/client";
import type { WorkflowRuntime } from "../../db/schema";
import type { DocumentChangeKind } from "../../webhooks/document-changes";
import { assertExpectedVersion } from "../expected-version";
import type { SupersededDocument } from "../sql/document-versions-insert";
import { step } from "../step";
import type { Actor } from "../types";
import { documentsOf } from "./stored-document";
import { auditedRuntimeAction } from "../../audit/audited-runtime-action";

/** Which runtime a document write applies to, who makes it, and the `If-Match` version, if any. */
export interface DocumentWriteRef {
  projectId: string;
  runtimeId: string;
  actor: Actor;
  /** When set, the write applies only if the runtime is still at this version (else 412 `version_conflict`). */
  expectedVersion?: number;
}

/** What an edit of the locked runtime's documents decided. */
export interface DocumentEdit {
  documents: JsonObject[];
  change: DocumentChangeKind;
  documentId: string;
  /** The document's version after the change (the removed version for a deletion). */
  version: number;
  /** The document as stored now (the removed one for a deletion). */
  document: JsonObject;
  /** The version the context no longer holds, kept in `runtime_document_versions`. */
  superseded?: SupersededDocument;
}

/**
 * Change `context.documents` through the one step path: the If-Match and active-runtime checks, then `edit`
 * (pure, on a copy of the locked row's documents; it throws to refuse), then a context-only engine step
 * (`replaceContext`: no state move, the version moves), a `context_update` history row `document.<change>`,
 * the superseded version kept in the same statement, and `workflow.context.document.updated` (derived).
 */
export async function changeDocuments(
  db: Db,
  ref: DocumentWriteRef,
  edit: (documents: JsonObject[], compiled: CompiledWorkflow) => DocumentEdit,
): Promise<{ runtime: WorkflowRuntime; document: JsonObject }> {
  const { runtime, value } = await auditedRuntimeAction(db, ref, ref.actor, "case.document_changed", (r) => ({ documentId: r.value?.id, version: r.value?.version }), (tx: Db) => step(tx, ref, ({ runtime: row, compiled, snapshot }) => {
    assertExpectedVersion(row, ref.expectedVersion);
    if (row.status !== "active") throw new RuntimeNotActiveError(row.state, row.status);
    const e = edit(documentsOf(row.context), compiled);
    const eventName = `document.${e.change}`;
    const payload = { documentId: e.documentId, version: e.version, change: e.change };
    const { actor } = ref;
    return {
      result: replaceContext(compiled, snapshot, { ...row.context, documents: e.documents }),
      cause: {
        eventName,
        payload,
        actor,
        recordTransition: false,
        history: [{ kind: "context_update", eventName, payload, fromState: row.state, toState: row.state, actorType: actor.type, actorId: actor.id ?? null }],
        supersededDocuments: e.superseded ? [e.superseded] : [],
      },
      value: e.document,
    };
  }));
  return { runtime, document: value! };
}
