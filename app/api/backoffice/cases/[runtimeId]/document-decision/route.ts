import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { decideDocument } from "@/lib/review/decide-document";
import { documentDecisionRequestSchema } from "@/lib/review/request-schemas";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

// POST /api/backoffice/cases/{runtimeId}/document-decision – approve, reject or ask a revision of one document
export const POST = withSession<{ runtimeId: string }>(async (req, { user, params }) => {
  const body = await readJsonBody(req, documentDecisionRequestSchema, { maxBytes: 20_000 });
  const runtime = await decideDocument(await getDb(), {
    user,
    runtimeId: params.runtimeId,
    documentId: body.documentId,
    status: body.status,
    reason: body.reason,
    expectedVersion: body.version,
  });
  return Response.json({ id: runtime.id, state: runtime.state, version: runtime.version });
});
