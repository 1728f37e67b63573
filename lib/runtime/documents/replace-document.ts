import type { JsonObject } from "../../engine";
import type { Db } from "../../db/client";
import type { WorkflowRuntime } from "../../db/schema";
import { notFound } from "../../errors";
import { assertValidDocument } from "./check-document";
import { changeDocuments, type DocumentWriteRef } from "./document-step";
import { indexOfDocument, PENDING_DECISION, versionOf, type StoredDocument } from "./stored-document";

export interface ReplaceDocumentInput extends DocumentWriteRef {
  documentId: string;
  /** The new content: the spec's document object (its `id`, if given, must be `documentId`). */
  document: JsonObject;
}

/**
 * Replace a document of a runtime: the new content takes its place at the previous version + 1 with its
 * decision back to pending, and the previous version (decision included) is kept in
 * `runtime_document_versions` in the same statement (see `listDocumentVersions`). 404 for an unknown document.
 *
 * @example
 * const { document } = await replaceDocument(db, { projectId, runtimeId, documentId, document: corrected, actor });
 * document.version // 2
 */
export async function replaceDocument(db: Db, input: ReplaceDocumentInput): Promise<{ runtime: WorkflowRuntime; document: StoredDocument }> {
  const { runtime, document } = await changeDocuments(db, input, (documents, compiled) => {
    const index = indexOfDocument(documents, input.documentId);
    if (index < 0) throw notFound("Document", input.documentId);
    const previous = documents[index];
    const version = versionOf(previous) + 1;
    const stored: StoredDocument = { ...input.document, id: input.documentId, version, decision: { ...PENDING_DECISION } };
    assertValidDocument(compiled, input.document, stored);
    documents[index] = stored;
    return {
      documents,
      change: "replaced",
      documentId: input.documentId,
      version,
      document: stored,
      superseded: { documentId: input.documentId, version: version - 1, document: previous },
    };
  });
  return { runtime, document: document as StoredDocument };
}
