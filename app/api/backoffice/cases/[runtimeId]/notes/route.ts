import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { addNote } from "@/lib/notes";
import { noteRequestSchema } from "@/lib/review/request-schemas";

export const dynamic = "force-dynamic";

// POST /api/backoffice/cases/{runtimeId}/notes – add a note to the case (any user of the project, any status)
export const POST = withSession<{ runtimeId: string }>(async (req, { user, params }) => {
  const body = await readJsonBody(req, noteRequestSchema, { maxBytes: 200_000 });
  const note = await addNote(await getDb(), { projectId: user.projectId, runtimeId: params.runtimeId, text: body.text, author: { type: "reviewer", id: user.id, name: user.name } });
  return Response.json(note, { status: 201 });
});
