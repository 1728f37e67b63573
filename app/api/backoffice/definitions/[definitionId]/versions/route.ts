import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { saveDefinitionRequestSchema, saveDefinitionVersion } from "@/lib/definitions/save-definition";

export const dynamic = "force-dynamic";

// POST /api/backoffice/definitions/{definitionId}/versions – save the edited JSON as the next version
export const POST = withSession<{ definitionId: string }>(
  async (req, { user, params }) => {
    const body = await readJsonBody(req, saveDefinitionRequestSchema, { maxBytes: 2_000_000 });
    const saved = await saveDefinitionVersion(await getDb(), user, params.definitionId, body);
    return Response.json({ id: saved.id, version: saved.version, name: saved.name, createdAt: saved.createdAt }, { status: 201 });
  },
  { adminOnly: true },
);
