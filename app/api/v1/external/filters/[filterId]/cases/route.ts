import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { filterCasesQuerySchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { getFilterOrThrow, runFilterQuery } from "@/lib/filters";

export const dynamic = "force-dynamic";

// GET /api/v1/external/filters/{filterId}/cases – run the filter: one page of matching cases, shaped by its select
export const GET = withApiKey<{ filterId: string }>({ scope: "runtimes:read" }, async (req, { auth, params }) => {
  const query = readQuery(req, filterCasesQuerySchema);
  const db = await getDb();
  const filter = await getFilterOrThrow(db, auth.projectId, params.filterId);
  return Response.json(await runFilterQuery(db, auth.projectId, filter, query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
