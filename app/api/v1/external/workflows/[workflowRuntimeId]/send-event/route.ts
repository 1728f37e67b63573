import { withApiKey } from "@/lib/api/with-api-key";
import { settleRuntimeOfPath } from "@/lib/api/settle-runtime";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { sendEventRequestSchema } from "@/lib/api/schemas";
import { sendEvent } from "@/lib/runtime/send-event";
import { etagHeaders, ifMatchVersion } from "@/lib/runtime/etag";
import { loadRuntimeView } from "@/lib/runtime/runtime-view";

type Params = { workflowRuntimeId: string };

// POST /api/v1/external/workflows/{workflowRuntimeId}/send-event – deliver an event to a runtime
export const POST = withApiKey<Params, typeof sendEventRequestSchema>(
  {
    scope: "runtimes:write",
    body: sendEventRequestSchema,
    idempotencyScope: (params) => `POST /workflows/${params.workflowRuntimeId}/send-event`,
    headers: etagHeaders,
    settle: settleRuntimeOfPath,
  },
  async ({ db, auth, params, req, body }) => {
    const runtime = await sendEvent(db, {
      projectId: auth.projectId,
      runtimeId: params.workflowRuntimeId,
      name: body.name,
      payload: body.payload,
      contextPatch: body.contextPatch,
      origin: "api",
      actor: { type: "api_key", id: auth.apiKeyId },
      expectedVersion: ifMatchVersion(req),
    });
    return { status: 200, body: await loadRuntimeView(db, runtime) };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
