import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { addNoteRequestSchema, listNotesQuerySchema } from "@/lib/api/schemas/notes";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { addNote, apiKeyAuthor, listNotes } from "@/lib/notes";

type Params = { workflowRuntimeId: string };

// POST /api/v1/external/workflows/{workflowRuntimeId}/notes – add a note (201; also on completed and canceled runtimes)
export const POST = withApiKey<Params, typeof addNoteRequestSchema>(
  { scope: "runtimes:write", body: addNoteRequestSchema, idempotencyScope: (params) => `POST /workflows/${params.workflowRuntimeId}/notes` },
  async ({ db, auth, params, body }) => {
    const note = await addNote(db, { projectId: auth.projectId, runtimeId: params.workflowRuntimeId, text: body.text, author: await apiKeyAuthor(db, auth) });
    return { status: 201, body: note };
  },
);

// GET /api/v1/external/workflows/{workflowRuntimeId}/notes – the runtime's notes, newest first
export const GET = withApiKey<Params>({ scope: "runtimes:read" }, async (req, { auth, params }) => {
  const q = readQuery(req, listNotesQuerySchema);
  return Response.json(await listNotes(await getDb(), { projectId: auth.projectId, runtimeId: params.workflowRuntimeId, cursor: q.cursor, limit: q.limit }));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
