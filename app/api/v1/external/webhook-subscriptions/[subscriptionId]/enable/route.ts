import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { setSubscriptionActiveFor } from "@/lib/webhooks/subscriptions";

export const dynamic = "force-dynamic";

// POST /api/v1/external/webhook-subscriptions/{subscriptionId}/enable – re-enable a subscription (e.g. after a 410), clearing disabledReason
export const POST = withApiKey<{ subscriptionId: string }>({ scope: "webhooks:admin" }, async (_req, { caller, params }) =>
  Response.json(await setSubscriptionActiveFor(await getDb(), caller, params.subscriptionId, true)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
