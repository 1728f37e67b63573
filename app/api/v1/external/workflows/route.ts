import { getDb } from "@/lib/db/client";
import { withApiKey } from "@/lib/api/with-api-key";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { listWorkflowsQuerySchema } from "@/lib/api/schemas";
import { listRuntimes } from "@/lib/runtime/list-runtimes";
import { loadRuntimeView } from "@/lib/runtime/runtime-view";

// GET /api/v1/external/workflows – the project's runtimes, newest first, with filters and cursor pagination
export const GET = withApiKey({ scope: "runtimes:read" }, async (req, { auth }) => {
  const db = await getDb();
  const { rows, nextCursor } = await listRuntimes(db, auth.projectId, readQuery(req, listWorkflowsQuerySchema));
  const data = await Promise.all(rows.map((row) => loadRuntimeView(db, row)));
  return Response.json({ data, nextCursor });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
