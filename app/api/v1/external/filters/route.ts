import { AppError } from "@/lib/errors";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readJsonBody } from "@/lib/api/http/read-json";
import { readQuery } from "@/lib/api/http/read-query";
import { createFilterRequestSchema, listFiltersQuerySchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { createFilterFor, listFiltersPage } from "@/lib/filters";

export const dynamic = "force-dynamic";

// GET /api/v1/external/filters – the project's filters, oldest first (a plain array, as the spec's "list of filters"); a further page is a Link rel="next"
export const GET = withApiKey({ scope: "runtimes:read" }, async (req, { auth }) => {
  const query = readQuery(req, listFiltersQuerySchema);
  const { data, nextCursor } = await listFiltersPage(await getDb(), auth.projectId, query);
  const next = nextCursor && `</api/v1/external/filters?limit=${query.limit}&cursor=${nextCursor}>; rel="next"`;
  return Response.json(data, next ? { headers: { Link: next } } : undefined);
});

// POST /api/v1/external/filters – create a filter (a backoffice queue), optionally restricted to teams
export const POST = withApiKey({ scope: "definitions:write" }, async (req, { auth, caller }) => {
  const body = await readJsonBody(req, createFilterRequestSchema);
  if (body.projectId !== undefined && body.projectId !== auth.projectId) {
    throw new AppError("forbidden", `This API key belongs to project '${auth.projectId}' and cannot create filters in project '${body.projectId}'.`, { errors: [
      { path: "/projectId", message: `must be '${auth.projectId}' (the API key's project) or omitted` },
    ] });
  }
  const { name, entity, query, teamIds, assignment } = body;
  const filter = await createFilterFor(await getDb(), caller, { name, entity, query, teamIds, assignment });
  return Response.json(filter, { status: 201, headers: { Location: `/api/v1/external/filters/${filter.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
