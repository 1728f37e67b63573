import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { listDocumentVersions } from "@/lib/runtime/documents";

type Params = { workflowRuntimeId: string; documentId: string };

// GET /api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}/versions – the current and earlier versions, newest first
export const GET = withApiKey<Params>({ scope: "runtimes:read" }, async (_req, { auth, params }) => {
  const data = await listDocumentVersions(await getDb(), { projectId: auth.projectId, runtimeId: params.workflowRuntimeId, documentId: params.documentId });
  return Response.json({ data });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
