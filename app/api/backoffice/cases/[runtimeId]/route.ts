import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { findRuntime } from "@/lib/runtime/get-runtime";

export const dynamic = "force-dynamic";

// GET /api/backoffice/cases/{runtimeId} – the case's version, state and status (the case page polls it)
export const GET = withSession<{ runtimeId: string }>(async (_req, { user, params }) => {
  const row = await findRuntime(await getDb(), user.projectId, params.runtimeId);
  if (!row) throw notFound("Case", params.runtimeId);
  return Response.json({ id: row.id, version: row.version, state: row.state, status: row.status, updatedAt: row.updatedAt.toISOString() });
});
