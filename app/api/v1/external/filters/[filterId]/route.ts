import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { getFilterOrThrow } from "@/lib/filters";

export const dynamic = "force-dynamic";

// GET /api/v1/external/filters/{filterId} – one filter of the project
export const GET = withApiKey<{ filterId: string }>({ scope: "runtimes:read" }, async (_req, { auth, params }) =>
  Response.json(await getFilterOrThrow(await getDb(), auth.projectId, params.filterId)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
