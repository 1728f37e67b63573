import { desc, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { webhookDeliveries } from "../db/schema";
import { toDeliveryView, type DeliveryView } from "../webhooks/deliveries";
import { assertAdmin } from "./assert-admin";

/**
 * The project's most recent system webhook deliveries across all cases, newest first (admins only), for the
 * settings page. The external API lists deliveries per runtime; this is the project-wide view.
 */
export async function listRecentDeliveriesFor(db: Db, user: SessionUser, limit = 50): Promise<DeliveryView[]> {
  await assertAdmin(db, user, "see webhook deliveries");
  const d = webhookDeliveries;
  const rows = await db
    .select()
    .from(d)
    .where(eq(d.projectId, user.projectId))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(Math.min(Math.max(limit, 1), 200));
  return rows.map(toDeliveryView);
}
