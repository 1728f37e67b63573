import { batchWrite } from "@/lib/api/batch-write";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runtimeAnswer } from "@/lib/api/runtime-write";
import { sendEventsItemSchema } from "@/lib/api/schemas/batches";
import { sendEvents } from "@/lib/runtime/send-events";

// POST /api/v1/external/workflows/send-events – deliver up to 500 events, each answered as its own send-event would be
export const POST = batchWrite("send-events", sendEventsItemSchema, (auth) => ({
  single: ({ workflowRuntimeId, ifMatch: _, idempotencyKey, ...body }) => ({ body, scope: `POST /workflows/${workflowRuntimeId}/send-event`, key: idempotencyKey }),
  work: async (tx, items) => {
    const actor = { type: "api_key" as const, id: auth.apiKeyId };
    const inputs = items.map(({ workflowRuntimeId, ifMatch, name, payload, contextPatch }) => ({
      projectId: auth.projectId,
      runtimeId: workflowRuntimeId,
      name,
      payload,
      contextPatch,
      origin: "api" as const,
      actor,
      expectedVersion: ifMatch === undefined ? undefined : Number(String(ifMatch).replace(/\D/g, "")),
    }));
    const outcomes = [];
    for (const event of await sendEvents(tx, auth.projectId, inputs)) outcomes.push(event.ok ? { ok: true as const, value: await runtimeAnswer(tx, event.value) } : event);
    return outcomes;
  },
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
