import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { requireAdmin } from "@/lib/callers";
import { getDb } from "@/lib/db/client";
import { checkDefinitionDocument, validateDefinitionRequestSchema } from "@/lib/definitions/check-definition";

export const dynamic = "force-dynamic";

// POST /api/backoffice/definitions/{definitionId}/validate – the editor's problems list; stores nothing
export const POST = withSession<{ definitionId: string }>(
  async (req, { caller, params }) => {
    await requireAdmin(await getDb(), caller, "edit workflow definitions");
    const { document } = await readJsonBody(req, validateDefinitionRequestSchema, { maxBytes: 2_000_000 });
    const problems = checkDefinitionDocument(document, params.definitionId);
    return Response.json({ valid: problems.length === 0, problems });
  },
  { adminOnly: true },
);
