import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { cancelRequestSchema } from "@/lib/review/request-schemas";
import { cancelRuntime } from "@/lib/runtime/cancel-runtime";

export const dynamic = "force-dynamic";

// POST /api/backoffice/cases/{runtimeId}/cancel – admins: cancel the case, with a reason
export const POST = withSession<{ runtimeId: string }>(
  async (req, { user, params }) => {
    const body = await readJsonBody(req, cancelRequestSchema, { maxBytes: 20_000 });
    const runtime = await cancelRuntime(await getDb(), { projectId: user.projectId, runtimeId: params.runtimeId, reason: body.reason, actor: { type: "reviewer", id: user.id }, expectedVersion: body.version });
    return Response.json({ id: runtime.id, state: runtime.state, status: runtime.status, version: runtime.version });
  },
  { adminOnly: true },
);
