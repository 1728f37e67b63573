import { webhookHandlers } from "@/app/api/_handlers/webhooks";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// POST /api/backoffice/webhooks/deliveries/{deliveryId}/redeliver – send a delivery again (same event id)
export const POST = withSession<{ deliveryId: string }>(webhookHandlers.redeliver, { adminOnly: true });
