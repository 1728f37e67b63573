import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { moveRequestSchema } from "@/lib/review/request-schemas";
import { moveRuntime } from "@/lib/runtime/move-runtime";

export const dynamic = "force-dynamic";

// POST /api/backoffice/cases/{runtimeId}/move – admins: force the case into a state of its definition, with a reason
export const POST = withSession<{ runtimeId: string }>(
  async (req, { user, params }) => {
    const body = await readJsonBody(req, moveRequestSchema, { maxBytes: 20_000 });
    const runtime = await moveRuntime(await getDb(), { projectId: user.projectId, runtimeId: params.runtimeId, state: body.state, reason: body.reason, actor: { type: "reviewer", id: user.id }, expectedVersion: body.version });
    return Response.json({ id: runtime.id, state: runtime.state, status: runtime.status, version: runtime.version });
  },
  { adminOnly: true },
);
