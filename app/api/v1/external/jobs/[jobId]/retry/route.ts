import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { requireScope } from "@/lib/api-keys/require-scope";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { retryJob } from "@/lib/jobs/failed-jobs";

// POST /api/v1/external/jobs/{jobId}/retry – run a failed job again (attempts reset, due now); a webhook delivery also needs webhooks:admin
export const POST = withApiKey<{ jobId: string }>({ scope: "runtimes:write" }, async (_req, { auth, params }) =>
  Response.json(
    await retryJob(await getDb(), {
      projectId: auth.projectId,
      jobId: params.jobId,
      actor: { type: "api_key", id: auth.apiKeyId },
      // Running a system webhook delivery again is a redelivery, which takes the webhook scope (as POST /webhook-deliveries/{id}/redeliver).
      authorize: (kind) => {
        if (kind === "webhook_delivery") requireScope(auth, "webhooks:admin");
      },
    }),
  ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
