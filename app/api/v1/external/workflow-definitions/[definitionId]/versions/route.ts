import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { listDefinitionVersions } from "@/lib/definitions";

export const dynamic = "force-dynamic";

// GET /api/v1/external/workflow-definitions/{definitionId}/versions – every version, newest first (no bodies)
export const GET = withApiKey<{ definitionId: string }>(async (_req, { auth, params }) =>
  Response.json({ data: await listDefinitionVersions(await getDb(), auth.projectId, params.definitionId) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
