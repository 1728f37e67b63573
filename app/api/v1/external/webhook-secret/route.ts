import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { getWebhookSecretStatus } from "@/lib/webhooks/rotate-secret";

export const dynamic = "force-dynamic";

// GET /api/v1/external/webhook-secret – whether a signing secret exists, with fingerprints; never the value
export const GET = withApiKey(async (_req, { auth }) => {
  const status = await getWebhookSecretStatus(await getDb(), auth.projectId);
  return Response.json(status, { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
