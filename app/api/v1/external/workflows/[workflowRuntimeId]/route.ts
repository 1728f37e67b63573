import { getDb } from "@/lib/db/client";
import { withApiKey } from "@/lib/api/with-api-key";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { getRuntimeOrThrow } from "@/lib/runtime/get-runtime";
import { loadRuntimeView } from "@/lib/runtime/runtime-view";
import { etagOf } from "@/lib/runtime/etag";

// GET /api/v1/external/workflows/{workflowRuntimeId} – a runtime: state, context, next events, version
export const GET = withApiKey<{ workflowRuntimeId: string }>({ scope: "runtimes:read" }, async (_req, { auth, params }) => {
  const db = await getDb();
  const view = await loadRuntimeView(db, await getRuntimeOrThrow(db, auth.projectId, params.workflowRuntimeId));
  return Response.json(view, { headers: { ETag: etagOf(view.version) } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
