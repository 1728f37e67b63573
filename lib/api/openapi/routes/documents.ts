import { pathParams } from "../../../api-contract/path-params";
import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { documentBodySchema, documentChangeResponseSchema, documentVersionsResponseSchema } from "../../schemas/documents";

const change = named("DocumentChange", documentChangeResponseSchema);
const body = named("DocumentRequest", documentBodySchema);

/** A runtime's documents after the start: add, replace, delete, versions. */
export const DOCUMENT_ROUTES: RouteGroup = {
  tag: "Documents",
  description:
    "The documents of a runtime's `context.documents`, changed after the start. Each change is a step of the runtime (its version moves, no state move) and emits `workflow.context.document.updated` with `documentChanges`.",
  routes: [
    {
      method: "post",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/documents",
      scope: "runtimes:write",
      summary: "Add a document",
      pathParams: pathParams("workflowRuntimeId"),
      body,
      requestHeaders: ["Idempotency-Key", "If-Match"],
      success: { status: 201, description: "The stored document (version 1, decision pending) and the runtime's new version.", schema: change, headers: ["ETag", "Idempotent-Replayed"] },
      errors: ["not_found", "document_exists", "runtime_not_active", "version_conflict", "validation_failed"],
    },
    {
      method: "put",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}",
      scope: "runtimes:write",
      summary: "Replace a document",
      pathParams: pathParams("workflowRuntimeId", "documentId"),
      body,
      requestHeaders: ["Idempotency-Key", "If-Match"],
      success: { status: 200, description: "The new version (previous + 1, decision pending); the previous one is kept.", schema: change, headers: ["ETag", "Idempotent-Replayed"] },
      errors: ["not_found", "runtime_not_active", "version_conflict", "validation_failed"],
    },
    {
      method: "delete",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}",
      scope: "runtimes:write",
      summary: "Delete a document",
      pathParams: pathParams("workflowRuntimeId", "documentId"),
      requestHeaders: ["If-Match"],
      success: { status: 204, description: "Removed from the context; its last version stays in its versions." },
      errors: ["not_found", "runtime_not_active", "version_conflict"],
    },
    {
      method: "get",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}/versions",
      scope: "runtimes:read",
      summary: "A document's versions",
      pathParams: pathParams("workflowRuntimeId", "documentId"),
      success: { status: 200, description: "The current version (if not deleted) and the earlier ones, newest first.", schema: named("DocumentVersions", documentVersionsResponseSchema) },
      errors: ["not_found"],
    },
  ],
};
