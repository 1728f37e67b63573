import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runtimeAnswer, runtimeWrite } from "@/lib/api/runtime-write";
import { moveRequestSchema } from "@/lib/api/schemas/runtime-repair";
import { moveRuntime } from "@/lib/runtime/move-runtime";

// POST /api/v1/external/workflows/{workflowRuntimeId}/move – force a runtime into a state (its plugins run again)
export const POST = runtimeWrite("POST", "move", { body: moveRequestSchema, settle: true }, async (db, target, body) =>
  runtimeAnswer(db, await moveRuntime(db, { ...target, state: body.state, reason: body.reason })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
