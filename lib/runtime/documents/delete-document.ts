import type { Db } from "../../db/client";
import type { WorkflowRuntime } from "../../db/schema";
import { notFound } from "../../errors";
import { changeDocuments, type DocumentWriteRef } from "./document-step";
import { indexOfDocument, versionOf } from "./stored-document";

export interface DeleteDocumentInput extends DocumentWriteRef {
  documentId: string;
}

/**
 * Remove a document from a runtime's context. It is kept in history: its last version (decision included)
 * is copied to `runtime_document_versions` in the same statement and still listed by `listDocumentVersions`.
 * 404 for an unknown document.
 *
 * @example
 * await deleteDocument(db, { projectId, runtimeId, documentId, actor });
 */
export async function deleteDocument(db: Db, input: DeleteDocumentInput): Promise<{ runtime: WorkflowRuntime }> {
  const { runtime } = await changeDocuments(db, input, (documents) => {
    const index = indexOfDocument(documents, input.documentId);
    if (index < 0) throw notFound("Document", input.documentId);
    const [removed] = documents.splice(index, 1);
    const version = versionOf(removed);
    return { documents, change: "deleted", documentId: input.documentId, version, document: removed, superseded: { documentId: input.documentId, version, document: removed } };
  });
  return { runtime };
}
