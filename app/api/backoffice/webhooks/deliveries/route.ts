import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { listRecentDeliveriesFor } from "@/lib/settings/recent-deliveries";

export const dynamic = "force-dynamic";

// GET /api/backoffice/webhooks/deliveries – the project's 50 most recent system webhook deliveries
export const GET = withSession(async (_req, { user }) => Response.json({ data: await listRecentDeliveriesFor(await getDb(), user) }), { adminOnly: true });
