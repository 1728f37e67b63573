import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { listJobsQuerySchema } from "@/lib/api/schemas/jobs";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { listFailedJobs } from "@/lib/jobs/failed-jobs";

// GET /api/v1/external/jobs?status=failed&workflowRuntimeId= – jobs that exhausted their attempts, newest first
export const GET = withApiKey({ scope: "runtimes:read" }, async (req, { auth }) => {
  const q = readQuery(req, listJobsQuerySchema);
  return Response.json(await listFailedJobs(await getDb(), { projectId: auth.projectId, runtimeId: q.workflowRuntimeId, cursor: q.cursor, limit: q.limit }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
