import { getDb } from "@/lib/db/client";
import { withApiKey } from "@/lib/api/with-api-key";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { historyQuerySchema } from "@/lib/api/schemas";
import { getRuntimeOrThrow } from "@/lib/runtime/get-runtime";
import { runtimeHistoryPage } from "@/lib/runtime/history-view";

// GET /api/v1/external/workflows/{workflowRuntimeId}/history – the runtime's timeline, oldest first
export const GET = withApiKey<{ workflowRuntimeId: string }>({ scope: "runtimes:read" }, async (req, { auth, params }) => {
  const db = await getDb();
  const q = readQuery(req, historyQuerySchema);
  const runtime = await getRuntimeOrThrow(db, auth.projectId, params.workflowRuntimeId);
  const page = await runtimeHistoryPage(db, auth.projectId, runtime.id, { after: q.cursor ? Number(q.cursor) : 0, limit: q.limit });
  return Response.json(page);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
