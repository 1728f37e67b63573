import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { getDefinitionQuerySchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { getDefinitionOrThrow, toDefinitionResponse } from "@/lib/definitions";

export const dynamic = "force-dynamic";

// GET /api/v1/external/workflow-definitions/{definitionId}?version= – the latest (or the given) version
export const GET = withApiKey<{ definitionId: string }>({ scope: "runtimes:read" }, async (req, { auth, params }) => {
  const { version } = readQuery(req, getDefinitionQuerySchema);
  const row = await getDefinitionOrThrow(await getDb(), auth.projectId, params.definitionId, version);
  return Response.json(toDefinitionResponse(row));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
