import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runtimeAnswer, runtimeWrite } from "@/lib/api/runtime-write";
import { sendEventRequestSchema } from "@/lib/api/schemas";
import { sendEvent } from "@/lib/runtime/send-event";

// POST /api/v1/external/workflows/{workflowRuntimeId}/send-event – deliver an event to a runtime
export const POST = runtimeWrite("POST", "send-event", { body: sendEventRequestSchema, settle: true }, async (db, target, body) =>
  runtimeAnswer(db, await sendEvent(db, { ...target, name: body.name, payload: body.payload, contextPatch: body.contextPatch, origin: "api" })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
