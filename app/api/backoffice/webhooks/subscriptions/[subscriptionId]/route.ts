import { webhookHandlers } from "@/app/api/_handlers/webhooks";
import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { setSubscriptionActiveRequestSchema } from "@/lib/webhooks/api-schemas";
import { setSubscriptionActiveFor } from "@/lib/webhooks/subscriptions";

export const dynamic = "force-dynamic";

// PATCH /api/backoffice/webhooks/subscriptions/{subscriptionId} – enable ({ active: true }) or pause ({ active: false })
export const PATCH = withSession<{ subscriptionId: string }>(
  async (req, { caller, params }) => {
    const { active } = await readJsonBody(req, setSubscriptionActiveRequestSchema, { maxBytes: 1_000 });
    return Response.json(await setSubscriptionActiveFor(await getDb(), caller, params.subscriptionId, active));
  },
  { adminOnly: true },
);

// DELETE /api/backoffice/webhooks/subscriptions/{subscriptionId} – delete a project-level subscription (204)
export const DELETE = withSession<{ subscriptionId: string }>(webhookHandlers.deleteSubscription, { adminOnly: true });
