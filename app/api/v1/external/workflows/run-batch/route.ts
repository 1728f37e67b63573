import { batchWrite } from "@/lib/api/batch-write";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runCreated, RUN_IDEMPOTENCY_SCOPE } from "@/lib/api/run-answer";
import { runBatchItemSchema } from "@/lib/api/schemas/batches";
import { startRuns } from "@/lib/runtime/start-run";

// POST /api/v1/external/workflows/run-batch – start up to 500 workflows, each answered as its own run would be
export const POST = batchWrite("run-batch", runBatchItemSchema, (auth) => ({
  single: ({ idempotencyKey, ...body }) => ({ body, scope: RUN_IDEMPOTENCY_SCOPE, key: idempotencyKey }),
  work: async (tx, items) => {
    const actor = { type: "api_key" as const, id: auth.apiKeyId };
    const runs = await startRuns(tx, items.map(({ idempotencyKey: _, ...run }) => ({ projectId: auth.projectId, ...run, actor })));
    return runs.map((run) => (run.ok ? { ok: true, value: runCreated(run.value) } : run));
  },
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
