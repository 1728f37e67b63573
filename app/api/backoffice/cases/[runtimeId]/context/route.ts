import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { editCaseData } from "@/lib/review/edit-case-data";
import { contextPatchRequestSchema } from "@/lib/review/request-schemas";

export const dynamic = "force-dynamic";

// POST /api/backoffice/cases/{runtimeId}/context – Edit case data: merge-patch the context at the version the form showed
export const POST = withSession<{ runtimeId: string }>(async (req, { user, params }) => {
  const body = await readJsonBody(req, contextPatchRequestSchema, { maxBytes: 1_000_000 });
  const runtime = await editCaseData(await getDb(), { user, runtimeId: params.runtimeId, patch: body.patch, expectedVersion: body.version });
  return Response.json({ id: runtime.id, state: runtime.state, version: runtime.version });
});
