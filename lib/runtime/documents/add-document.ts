import { and, eq } from "drizzle-orm";
import type { JsonObject } from "../../engine";
import type { Db } from "../../db/client";
import type { WorkflowRuntime } from "../../db/schema";
import { isUuid } from "../../db/ids";
import { runtimeDocumentVersions } from "../../db/schema";
import { AppError } from "../../errors";
import { assertValidDocument } from "./check-document";
import { changeDocuments, type DocumentWriteRef } from "./document-step";
import { indexOfDocument, newDocumentId, PENDING_DECISION, type StoredDocument } from "./stored-document";

export interface AddDocumentInput extends DocumentWriteRef {
  /** The spec's document object; `id` is generated when absent. */
  document: JsonObject;
}

/**
 * Add a document to a runtime's `context.documents` at version 1, pending review, through the one step path.
 * 409 `document_exists` when the runtime has or had (a deleted one stays in history) a document with the given
 * `id`; 422 when it does not match the definition's `documentsSchema`.
 *
 * @example
 * const { document } = await addDocument(db, { projectId, runtimeId, document: { category: "proof_of_address", pages }, actor });
 * document.version // 1
 */
export async function addDocument(db: Db, input: AddDocumentInput): Promise<{ runtime: WorkflowRuntime; document: StoredDocument }> {
  const id = newDocumentId(input.document.id);
  if (typeof input.document.id === "string" && (await hadDocument(db, input, id))) throw documentExists(id, "was deleted; its id stays with its history");
  const { runtime, document } = await changeDocuments(db, input, (documents, compiled) => {
    if (indexOfDocument(documents, id) >= 0) throw documentExists(id, `exists; replace it with PUT …/documents/${encodeURIComponent(id)}`);
    const stored: StoredDocument = { ...input.document, id, version: 1, decision: { ...PENDING_DECISION } };
    assertValidDocument(compiled, input.document, stored);
    return { documents: [...documents, stored], change: "added", documentId: id, version: 1, document: stored };
  });
  return { runtime, document: document as StoredDocument };
}

/** Whether the runtime's document history holds this id (a deleted document's id is not given out again). */
async function hadDocument(db: Db, ref: { projectId: string; runtimeId: string }, id: string): Promise<boolean> {
  if (!isUuid(ref.runtimeId)) return false;
  const v = runtimeDocumentVersions;
  const rows = await db
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.projectId, ref.projectId), eq(v.runtimeId, ref.runtimeId), eq(v.documentId, id)))
    .limit(1);
  return rows.length > 0;
}

function documentExists(id: string, how: string): AppError {
  return new AppError("document_exists", `The runtime's document '${id}' ${how}; add the new document under another id (or leave the id out).`, { errors: [
    { path: "/id", message: "already used by a document of this runtime" },
  ] });
}
