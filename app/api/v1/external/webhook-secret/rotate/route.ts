import { webhookHandlers } from "@/app/api/_handlers/webhooks";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// POST /api/v1/external/webhook-secret/rotate – new signing secret, shown once; the old one also signs for 24 h
export const POST = withApiKey({ scope: "webhooks:admin" }, webhookHandlers.rotateSecret);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
