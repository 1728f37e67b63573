/**
 * A runtime's documents after the start: add, replace (the previous version is kept), delete (kept in history)
 * and list a document's versions. Every change goes through the one step path (`changeDocuments`).
 */
export { addDocument, type AddDocumentInput } from "./add-document";
export { replaceDocument, type ReplaceDocumentInput } from "./replace-document";
export { deleteDocument, type DeleteDocumentInput } from "./delete-document";
export { listDocumentVersions, type DocumentVersionView } from "./list-document-versions";
export { PENDING_DECISION, type StoredDocument } from "./stored-document";
export type { DocumentWriteRef } from "./document-step";
export { documentAnswer, type DocumentAnswer } from "./document-answer";
