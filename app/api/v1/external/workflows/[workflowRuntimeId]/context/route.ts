import { withApiKey } from "@/lib/api/with-api-key";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { contextPatchSchema } from "@/lib/api/schemas/runtime-repair";
import { patchContext } from "@/lib/runtime/patch-context";
import { etagHeaders, ifMatchVersion } from "@/lib/runtime/etag";
import { loadRuntimeView } from "@/lib/runtime/runtime-view";

type Params = { workflowRuntimeId: string };

/** The media types of a merge patch (RFC 7396); plain JSON too, as integrators often send it. */
const MERGE_PATCH_TYPES = ["application/merge-patch+json", "application/json"];

// PATCH /api/v1/external/workflows/{workflowRuntimeId}/context – merge a JSON Merge Patch into a runtime's context
export const PATCH = withApiKey<Params, typeof contextPatchSchema>(
  {
    scope: "runtimes:write",
    body: contextPatchSchema,
    patchMediaTypes: MERGE_PATCH_TYPES,
    idempotencyScope: (params) => `PATCH /workflows/${params.workflowRuntimeId}/context`,
    headers: etagHeaders,
  },
  async ({ db, auth, params, req, body }) => {
    const runtime = await patchContext(db, {
      projectId: auth.projectId,
      runtimeId: params.workflowRuntimeId,
      patch: body,
      actor: { type: "api_key", id: auth.apiKeyId },
      expectedVersion: ifMatchVersion(req),
    });
    return { status: 200, body: await loadRuntimeView(db, runtime) };
  },
);

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods(["PATCH"]);
