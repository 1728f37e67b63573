import { withApiKey } from "@/lib/api/with-api-key";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runRequestSchema } from "@/lib/api/schemas";
import { startRun } from "@/lib/runtime/start-run";

type Created = { workflowRuntimeId: string };

// POST /api/v1/external/workflows/run – start a workflow for an entity
export const POST = withApiKey(
  {
    scope: "runtimes:write",
    body: runRequestSchema,
    idempotencyScope: () => "POST /workflows/run",
    headers: (body) => ({ Location: `/api/v1/external/workflows/${(body as Created).workflowRuntimeId}` }),
    settle: { runtimeId: (body) => (body as Created).workflowRuntimeId },
  },
  async ({ db, auth, body }) => {
    const run = await startRun(db, { projectId: auth.projectId, ...body, actor: { type: "api_key", id: auth.apiKeyId } });
    const { workflowDefinitionId, workflowRuntimeId, serviceEntityId } = run;
    return { status: 201, body: { workflowDefinitionId, workflowRuntimeId, serviceEntityId } };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
