import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { decideRuntime } from "@/lib/review/decide-runtime";
import { decisionRequestSchema } from "@/lib/review/request-schemas";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

// POST /api/backoffice/cases/{runtimeId}/decision – approve, reject or request revision (an accepted event)
export const POST = withSession<{ runtimeId: string }>(async (req, { user, params }) => {
  const body = await readJsonBody(req, decisionRequestSchema, { maxBytes: 20_000 });
  const { runtime, moved } = await decideRuntime(await getDb(), {
    user,
    runtimeId: params.runtimeId,
    event: body.event,
    reason: body.reason,
    documents: body.documents,
    expectedVersion: body.version,
  });
  return Response.json({ id: runtime.id, state: runtime.state, status: runtime.status, version: runtime.version, moved });
});
