import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { documentBodySchema } from "@/lib/api/schemas/documents";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { deleteDocument, documentAnswer, replaceDocument } from "@/lib/runtime/documents";
import { etagHeaders, ifMatchVersion } from "@/lib/runtime/etag";

type Params = { workflowRuntimeId: string; documentId: string };

// PUT /api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId} – replace a document (version + 1, decision pending)
export const PUT = withApiKey<Params, typeof documentBodySchema>(
  {
    scope: "runtimes:write",
    body: documentBodySchema,
    idempotencyScope: (params) => `PUT /workflows/${params.workflowRuntimeId}/documents/${params.documentId}`,
    headers: etagHeaders,
  },
  async ({ db, auth, params, req, body }) => {
    const { runtime, document } = await replaceDocument(db, {
      projectId: auth.projectId,
      runtimeId: params.workflowRuntimeId,
      documentId: params.documentId,
      document: body,
      actor: { type: "api_key", id: auth.apiKeyId },
      expectedVersion: ifMatchVersion(req),
    });
    return { status: 200, body: documentAnswer(runtime, document) };
  },
);

// DELETE /api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId} – remove a document (204; kept in its versions)
export const DELETE = withApiKey<Params>({ scope: "runtimes:write" }, async (req, { auth, params }) => {
  await deleteDocument(await getDb(), {
    projectId: auth.projectId,
    runtimeId: params.workflowRuntimeId,
    documentId: params.documentId,
    actor: { type: "api_key", id: auth.apiKeyId },
    expectedVersion: ifMatchVersion(req),
  });
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods(["PUT", "DELETE"]);
