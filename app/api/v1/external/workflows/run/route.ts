import { getDb, getDbHandle } from "@/lib/db/client";
import { withApiKey } from "@/lib/api/with-api-key";
import { readJsonBody } from "@/lib/api/http/read-json";
import { idempotent } from "@/lib/api/http/idempotency";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runRequestSchema } from "@/lib/api/schemas";
import { startRun } from "@/lib/runtime/start-run";
import { preferredWait, waitUntilSettled } from "@/lib/runtime/wait-settled";

// POST /api/v1/external/workflows/run – start a workflow for an entity
export const POST = withApiKey(async (req, { auth }) => {
  const db = await getDb();
  const body = await readJsonBody(req, runRequestSchema);
  const scope = { projectId: auth.projectId, endpoint: "POST /workflows/run", bodyText: JSON.stringify(body) };
  let created: string | undefined;
  const res = await idempotent(db, req, scope, async (tx) => {
    const run = await startRun(tx, { projectId: auth.projectId, ...body, actor: { type: "api_key", id: auth.apiKeyId } });
    const { workflowDefinitionId, workflowRuntimeId, serviceEntityId } = run;
    created = workflowRuntimeId;
    return { status: 201, body: { workflowDefinitionId, workflowRuntimeId, serviceEntityId } };
  });
  // A replayed response (Idempotency-Key) did not run the work: read the id from the stored body.
  const workflowRuntimeId = created ?? ((await res.clone().json()) as { workflowRuntimeId: string }).workflowRuntimeId;
  res.headers.set("Location", `/api/v1/external/workflows/${workflowRuntimeId}`);
  const wait = preferredWait(req);
  if (wait !== null) {
    await waitUntilSettled(await getDbHandle(), workflowRuntimeId, wait);
    res.headers.set("Preference-Applied", `wait=${wait}`);
  }
  return res;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
