import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { documentBodySchema } from "@/lib/api/schemas/documents";
import { withApiKey } from "@/lib/api/with-api-key";
import { addDocument, documentAnswer } from "@/lib/runtime/documents";
import { etagHeaders, ifMatchVersion } from "@/lib/runtime/etag";

type Params = { workflowRuntimeId: string };

// POST /api/v1/external/workflows/{workflowRuntimeId}/documents – add a document (201, version 1, pending review)
export const POST = withApiKey<Params, typeof documentBodySchema>(
  {
    scope: "runtimes:write",
    body: documentBodySchema,
    idempotencyScope: (params) => `POST /workflows/${params.workflowRuntimeId}/documents`,
    headers: etagHeaders,
  },
  async ({ db, auth, params, req, body }) => {
    const { runtime, document } = await addDocument(db, {
      projectId: auth.projectId,
      runtimeId: params.workflowRuntimeId,
      document: body,
      actor: { type: "api_key", id: auth.apiKeyId },
      expectedVersion: ifMatchVersion(req),
    });
    return { status: 201, body: documentAnswer(runtime, document) };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
