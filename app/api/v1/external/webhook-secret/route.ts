import { webhookHandlers } from "@/app/api/_handlers/webhooks";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// GET /api/v1/external/webhook-secret – whether a signing secret exists, with fingerprints; never the value
export const GET = withApiKey({ scope: "webhooks:admin" }, webhookHandlers.secretStatus);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
