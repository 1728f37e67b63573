import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { assignRuntime } from "@/lib/review/assign-runtime";
import { assignmentRequestSchema } from "@/lib/review/request-schemas";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

// POST /api/backoffice/cases/{runtimeId}/assignment – assign the case to a user, or unassign it (assigneeId null); a reason to reassign
export const POST = withSession<{ runtimeId: string }>(async (req, { user, params }) => {
  const body = await readJsonBody(req, assignmentRequestSchema, { maxBytes: 2_000 });
  const runtime = await assignRuntime(await getDb(), { user, runtimeId: params.runtimeId, assigneeId: body.assigneeId, reason: body.reason, expectedVersion: body.version });
  return Response.json({ id: runtime.id, assigneeId: runtime.assigneeId, assignedAt: runtime.assignedAt?.toISOString() ?? null, version: runtime.version });
});
