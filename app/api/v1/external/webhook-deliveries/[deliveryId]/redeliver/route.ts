import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { redeliver } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

// POST /api/v1/external/webhook-deliveries/{deliveryId}/redeliver – send the event again with the same webhook-id (202)
export const POST = withApiKey<{ deliveryId: string }>(async (_req, { auth, params }) =>
  Response.json(await redeliver(await getDb(), auth.projectId, params.deliveryId), { status: 202 }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
