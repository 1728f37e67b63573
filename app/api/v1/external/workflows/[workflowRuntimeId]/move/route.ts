import { withApiKey } from "@/lib/api/with-api-key";
import { settleRuntimeOfPath } from "@/lib/api/settle-runtime";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { moveRequestSchema } from "@/lib/api/schemas/runtime-repair";
import { moveRuntime } from "@/lib/runtime/move-runtime";
import { etagHeaders, ifMatchVersion } from "@/lib/runtime/etag";
import { loadRuntimeView } from "@/lib/runtime/runtime-view";

type Params = { workflowRuntimeId: string };

// POST /api/v1/external/workflows/{workflowRuntimeId}/move – force a runtime into a state (its plugins run again)
export const POST = withApiKey<Params, typeof moveRequestSchema>(
  {
    scope: "runtimes:write",
    body: moveRequestSchema,
    idempotencyScope: (params) => `POST /workflows/${params.workflowRuntimeId}/move`,
    headers: etagHeaders,
    settle: settleRuntimeOfPath,
  },
  async ({ db, auth, params, req, body }) => {
    const runtime = await moveRuntime(db, {
      projectId: auth.projectId,
      runtimeId: params.workflowRuntimeId,
      state: body.state,
      reason: body.reason,
      actor: { type: "api_key", id: auth.apiKeyId },
      expectedVersion: ifMatchVersion(req),
    });
    return { status: 200, body: await loadRuntimeView(db, runtime) };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
