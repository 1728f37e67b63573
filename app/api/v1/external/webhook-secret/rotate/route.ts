import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-secret";

export const dynamic = "force-dynamic";

// POST /api/v1/external/webhook-secret/rotate – new signing secret, shown once; the old one also signs for 24 h
export const POST = withApiKey(async (_req, { auth }) => {
  const rotated = await rotateWebhookSecret(await getDb(), auth.projectId);
  return Response.json(rotated, { headers: { "Cache-Control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
