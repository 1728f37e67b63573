import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runtimeAnswer, runtimeWrite } from "@/lib/api/runtime-write";
import { cancelRequestSchema } from "@/lib/api/schemas/runtime-repair";
import { cancelRuntime } from "@/lib/runtime/cancel-runtime";

// POST /api/v1/external/workflows/{workflowRuntimeId}/cancel – cancel a runtime and its pending plugin jobs
export const POST = runtimeWrite("POST", "cancel", { body: cancelRequestSchema }, async (db, target, body) =>
  runtimeAnswer(db, await cancelRuntime(db, { ...target, reason: body.reason })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
