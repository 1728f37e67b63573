import { withApiKey } from "@/lib/api/with-api-key";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { cancelRequestSchema } from "@/lib/api/schemas/runtime-repair";
import { cancelRuntime } from "@/lib/runtime/cancel-runtime";
import { etagHeaders, ifMatchVersion } from "@/lib/runtime/etag";
import { loadRuntimeView } from "@/lib/runtime/runtime-view";

type Params = { workflowRuntimeId: string };

// POST /api/v1/external/workflows/{workflowRuntimeId}/cancel – cancel a runtime and its pending plugin jobs
export const POST = withApiKey<Params, typeof cancelRequestSchema>(
  {
    scope: "runtimes:write",
    body: cancelRequestSchema,
    idempotencyScope: (params) => `POST /workflows/${params.workflowRuntimeId}/cancel`,
    headers: etagHeaders,
  },
  async ({ db, auth, params, req, body }) => {
    const runtime = await cancelRuntime(db, {
      projectId: auth.projectId,
      runtimeId: params.workflowRuntimeId,
      reason: body.reason,
      actor: { type: "api_key", id: auth.apiKeyId },
      expectedVersion: ifMatchVersion(req),
    });
    return { status: 200, body: await loadRuntimeView(db, runtime) };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
