import { webhookHandlers } from "@/app/api/_handlers/webhooks";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// POST /api/v1/external/webhook-deliveries/{deliveryId}/redeliver – send the event again with the same webhook-id (202)
export const POST = withApiKey<{ deliveryId: string }>({ scope: "webhooks:admin" }, webhookHandlers.redeliver);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
