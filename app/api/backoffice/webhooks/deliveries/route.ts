import { listHandler } from "@/app/api/_handlers/resource";
import { withSession } from "@/lib/auth/with-session";
import { listRecentDeliveriesFor } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

// GET /api/backoffice/webhooks/deliveries – the project's 50 most recent system webhook deliveries
export const GET = withSession(listHandler(listRecentDeliveriesFor), { adminOnly: true });
