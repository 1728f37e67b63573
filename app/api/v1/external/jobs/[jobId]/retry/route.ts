import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { retryJob } from "@/lib/jobs/failed-jobs";

// POST /api/v1/external/jobs/{jobId}/retry – run a failed job again (attempts reset, due now)
export const POST = withApiKey<{ jobId: string }>({ scope: "runtimes:write" }, async (_req, { auth, params }) =>
  Response.json(await retryJob(await getDb(), { projectId: auth.projectId, jobId: params.jobId, actor: { type: "api_key", id: auth.apiKeyId } })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
