import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readJsonBody } from "@/lib/api/http/read-json";
import { updateFilterRequestSchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { getFilterOrThrow, updateFilterFor } from "@/lib/filters";

export const dynamic = "force-dynamic";

// GET /api/v1/external/filters/{filterId} – one filter of the project
export const GET = withApiKey<{ filterId: string }>({ scope: "runtimes:read" }, async (_req, { auth, params }) =>
  Response.json(await getFilterOrThrow(await getDb(), auth.projectId, params.filterId)),
);

// PATCH /api/v1/external/filters/{filterId} – rename a queue, restrict it to teams ([] lifts it) or change its assignment mode
export const PATCH = withApiKey<{ filterId: string }>({ scope: "definitions:write" }, async (req, { caller, params }) => {
  const body = await readJsonBody(req, updateFilterRequestSchema, { maxBytes: 10_000 });
  return Response.json(await updateFilterFor(await getDb(), caller, params.filterId, body));
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods(["GET", "PATCH"]);
