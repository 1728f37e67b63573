import type { JsonObject } from "../../engine";
import type { WorkflowRuntime } from "../../db/schema";

/** What `POST …/documents` and `PUT …/documents/{documentId}` answer: the stored document and the runtime's new version. */
export interface DocumentAnswer {
  workflowRuntimeId: string;
  /** The runtime's version after the change (its `ETag`); the document's own is `document.version`. */
  version: number;
  document: JsonObject;
}

export const documentAnswer = (runtime: WorkflowRuntime, document: JsonObject): DocumentAnswer => ({ workflowRuntimeId: runtime.id, version: runtime.version, document });
