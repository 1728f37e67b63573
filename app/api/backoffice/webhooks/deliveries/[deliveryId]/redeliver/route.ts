import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { redeliverFor } from "@/lib/settings/webhook-settings";

export const dynamic = "force-dynamic";

// POST /api/backoffice/webhooks/deliveries/{deliveryId}/redeliver – send a delivery again (same event id)
export const POST = withSession<{ deliveryId: string }>(
  async (_req, { user, params }) => Response.json(await redeliverFor(await getDb(), user, params.deliveryId), { status: 202 }),
  { adminOnly: true },
);
