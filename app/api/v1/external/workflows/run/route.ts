import { withApiKey } from "@/lib/api/with-api-key";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runCreated, RUN_IDEMPOTENCY_SCOPE } from "@/lib/api/run-answer";
import { runRequestSchema } from "@/lib/api/schemas";
import { startRun } from "@/lib/runtime/start-run";

type Created = { workflowRuntimeId: string };

// POST /api/v1/external/workflows/run – start a workflow for an entity
export const POST = withApiKey(
  {
    scope: "runtimes:write",
    body: runRequestSchema,
    idempotencyScope: () => RUN_IDEMPOTENCY_SCOPE,
    headers: (body) => ({ Location: `/api/v1/external/workflows/${(body as Created).workflowRuntimeId}` }),
    settle: { runtimeId: (body) => (body as Created).workflowRuntimeId },
  },
  async ({ db, auth, body }) => runCreated(await startRun(db, { projectId: auth.projectId, ...body, actor: { type: "api_key", id: auth.apiKeyId } })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
