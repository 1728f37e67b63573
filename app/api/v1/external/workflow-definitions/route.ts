import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readJsonBody } from "@/lib/api/http/read-json";
import { readQuery } from "@/lib/api/http/read-query";
import { createDefinitionRequestSchema, listDefinitionsQuerySchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { auditedFor } from "@/lib/audit/audited-for";
import { apiKeyCaller } from "@/lib/callers/caller";
import { getDb } from "@/lib/db/client";
import { createDefinition, listDefinitionsPage, toDefinitionResponse } from "@/lib/definitions";

export const dynamic = "force-dynamic";

// GET /api/v1/external/workflow-definitions – the latest version of each definition of the project, by id, a page at a time
export const GET = withApiKey({ scope: "runtimes:read" }, async (req, { auth }) => {
  const query = readQuery(req, listDefinitionsQuerySchema);
  return Response.json(await listDefinitionsPage(await getDb(), auth.projectId, query));
});

// POST /api/v1/external/workflow-definitions – store a definition as the next version of its id
export const POST = withApiKey({ scope: "definitions:write" }, async (req, { auth }) => {
  const body = await readJsonBody(req, createDefinitionRequestSchema, { maxBytes: 2_000_000 });
  const event = (d: { version: number }) => ({ action: "definition.version_saved", target: { type: "workflow_definition", id: body.id }, summary: { version: d.version } });
  const stored = toDefinitionResponse(await auditedFor(await getDb(), apiKeyCaller(auth), event, (tx) => createDefinition(tx, auth.projectId, body)));
  const location = `/api/v1/external/workflow-definitions/${encodeURIComponent(stored.id)}?version=${stored.version}`;
  return Response.json(stored, { status: 201, headers: { Location: location } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
