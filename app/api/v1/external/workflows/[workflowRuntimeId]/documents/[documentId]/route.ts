import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { documentBodySchema } from "@/lib/api/schemas/documents";
import { runtimeWrite } from "@/lib/api/runtime-write";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { deleteDocument, documentAnswer, replaceDocument } from "@/lib/runtime/documents";
import { ifMatchVersion } from "@/lib/runtime/etag";

type Params = { workflowRuntimeId: string; documentId: string };

// PUT /api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId} – replace a document (version + 1, decision pending)
export const PUT = runtimeWrite<typeof documentBodySchema, Params>(
  "PUT",
  (params) => `documents/${params.documentId}`,
  { body: documentBodySchema },
  async (db, target, body, params) => {
    const { runtime, document } = await replaceDocument(db, { ...target, documentId: params.documentId, document: body });
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
