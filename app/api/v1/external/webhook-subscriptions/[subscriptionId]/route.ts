import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { deleteSubscription } from "@/lib/webhooks/subscriptions";

export const dynamic = "force-dynamic";

// DELETE /api/v1/external/webhook-subscriptions/{subscriptionId} – delete a project-level subscription (204)
export const DELETE = withApiKey<{ subscriptionId: string }>(async (_req, { auth, params }) => {
  await deleteSubscription(await getDb(), auth.projectId, params.subscriptionId);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(["DELETE"]);
