import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runtimeAnswer, runtimeWrite } from "@/lib/api/runtime-write";
import { contextPatchSchema } from "@/lib/api/schemas/runtime-repair";
import { patchContext } from "@/lib/runtime/patch-context";

/** The media types of a merge patch (RFC 7396); plain JSON too, as integrators often send it. */
const MERGE_PATCH_TYPES = ["application/merge-patch+json", "application/json"];

// PATCH /api/v1/external/workflows/{workflowRuntimeId}/context – merge a JSON Merge Patch into a runtime's context
export const PATCH = runtimeWrite("PATCH", "context", { body: contextPatchSchema, patchMediaTypes: MERGE_PATCH_TYPES }, async (db, target, body) =>
  runtimeAnswer(db, await patchContext(db, { ...target, patch: body })),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods(["PATCH"]);
