import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { listRecentDeliveriesFor } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

// GET /api/backoffice/webhooks/deliveries – the project's 50 most recent system webhook deliveries
export const GET = withSession(async (_req, { caller }) => Response.json({ data: await listRecentDeliveriesFor(await getDb(), caller) }), { adminOnly: true });
