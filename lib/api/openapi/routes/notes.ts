import { pathParams } from "../../../api-contract/path-params";
import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { addNoteRequestSchema, listNotesQuerySchema, noteSchema, notePageSchema } from "../../schemas/notes";


/** Notes on a case. */
export const NOTE_ROUTES: RouteGroup = {
  tag: "Notes",
  description: "Notes on a runtime's case, by reviewers and API keys: append-only, allowed on completed and canceled runtimes (a note does not change the case).",
  routes: [
    {
      method: "post",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/notes",
      scope: "runtimes:write",
      summary: "Add a note",
      pathParams: pathParams("workflowRuntimeId"),
      body: named("AddNoteRequest", addNoteRequestSchema),
      requestHeaders: ["Idempotency-Key"],
      success: { status: 201, description: "The note, with the API key's name as its author.", schema: named("Note", noteSchema), headers: ["Idempotent-Replayed"] },
      errors: ["not_found", "validation_failed"],
    },
    {
      method: "get",
      path: "/api/v1/external/workflows/{workflowRuntimeId}/notes",
      scope: "runtimes:read",
      summary: "A runtime's notes",
      pathParams: pathParams("workflowRuntimeId"),
      query: listNotesQuerySchema,
      success: { status: 200, description: "A page of notes, newest first.", schema: named("NotePage", notePageSchema) },
      errors: ["not_found"],
    },
  ],
};
