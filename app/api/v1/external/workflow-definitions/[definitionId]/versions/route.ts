import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { listVersionsQuerySchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { listDefinitionVersionsPage } from "@/lib/definitions";

export const dynamic = "force-dynamic";

// GET /api/v1/external/workflow-definitions/{definitionId}/versions – the versions, newest first (no bodies), a page at a time
export const GET = withApiKey<{ definitionId: string }>({ scope: "runtimes:read" }, async (req, { auth, params }) => {
  const query = readQuery(req, listVersionsQuerySchema);
  return Response.json(await listDefinitionVersionsPage(await getDb(), auth.projectId, params.definitionId, query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
