import { otherMethods } from "@/lib/api/method-not-allowed";
import { readJsonBody } from "@/lib/api/read-json";
import { createDefinitionRequestSchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { createDefinition, listLatestDefinitions, toDefinitionResponse } from "@/lib/definitions";

export const dynamic = "force-dynamic";

// GET /api/v1/external/workflow-definitions – the latest version of each definition of the project
export const GET = withApiKey(async (_req, { auth }) => {
  const rows = await listLatestDefinitions(await getDb(), auth.projectId);
  return Response.json({ data: rows.map(toDefinitionResponse) });
});

// POST /api/v1/external/workflow-definitions – store a definition as the next version of its id
export const POST = withApiKey(async (req, { auth }) => {
  const body = await readJsonBody(req, createDefinitionRequestSchema, { maxBytes: 2_000_000 });
  const stored = toDefinitionResponse(await createDefinition(await getDb(), auth.projectId, body));
  const location = `/api/v1/external/workflow-definitions/${encodeURIComponent(stored.id)}?version=${stored.version}`;
  return Response.json(stored, { status: 201, headers: { Location: location } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
