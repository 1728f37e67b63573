import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { deleteSubscriptionFor, setSubscriptionActiveFor, setSubscriptionActiveRequestSchema } from "@/lib/settings/webhook-settings";

export const dynamic = "force-dynamic";

// PATCH /api/backoffice/webhooks/subscriptions/{subscriptionId} – enable ({ active: true }) or pause ({ active: false })
export const PATCH = withSession<{ subscriptionId: string }>(
  async (req, { user, params }) => {
    const { active } = await readJsonBody(req, setSubscriptionActiveRequestSchema, { maxBytes: 1_000 });
    return Response.json(await setSubscriptionActiveFor(await getDb(), user, params.subscriptionId, active));
  },
  { adminOnly: true },
);

// DELETE /api/backoffice/webhooks/subscriptions/{subscriptionId} – delete a project-level subscription (204)
export const DELETE = withSession<{ subscriptionId: string }>(
  async (_req, { user, params }) => {
    await deleteSubscriptionFor(await getDb(), user, params.subscriptionId);
    return new Response(null, { status: 204 });
  },
  { adminOnly: true },
);
