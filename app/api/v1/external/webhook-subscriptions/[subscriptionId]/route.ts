import { webhookHandlers } from "@/app/api/_handlers/webhooks";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// DELETE /api/v1/external/webhook-subscriptions/{subscriptionId} – delete a project-level subscription (204)
export const DELETE = withApiKey<{ subscriptionId: string }>({ scope: "webhooks:admin" }, webhookHandlers.deleteSubscription);

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(["DELETE"]);
