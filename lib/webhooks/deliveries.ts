import { and, asc, desc, eq, sql } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { jobs, webhookDeliveries, webhookSubscriptions, workflowRuntimes, type WebhookDelivery } from "../db/schema";
import { notFound, AppError } from "../errors";
import { enqueueJobs, JOBS_CHANNEL } from "../jobs/queue";
import { isUuid } from "../db/ids";
import type { ListDeliveriesQuery } from "./api-schemas";
import { deliveryJobPayload } from "./delivery-job";
import { MAX_DELIVERY_ATTEMPTS } from "./retry-schedule";
import { auditedFor } from "../audit/audited-for";

/** A delivery as the API shows it (the payload itself is not repeated). */
export interface DeliveryView {
  id: string;
  subscriptionId: string | null;
  workflowRuntimeId: string | null;
  eventId: string;
  eventName: string;
  sequence: number | null;
  url: string;
  status: WebhookDelivery["status"];
  attempts: number;
  lastResponseCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

export function toDeliveryView(row: WebhookDelivery): DeliveryView {
  const sequence = (row.payload as { sequence?: unknown }).sequence;
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    workflowRuntimeId: row.runtimeId,
    eventId: row.eventId,
    eventName: row.eventName,
    sequence: typeof sequence === "number" ? sequence : null,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    lastResponseCode: row.lastResponseCode,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The deliveries of one runtime of the project, in event order. A runtime of another project is not found. */
export async function listDeliveries(db: Db, projectId: string, query: ListDeliveriesQuery): Promise<DeliveryView[]> {
  const [runtime] = await db
    .select({ id: workflowRuntimes.id })
    .from(workflowRuntimes)
    .where(and(eq(workflowRuntimes.id, query.workflowRuntimeId), projectFilter(workflowRuntimes.projectId, projectId)));
  if (!runtime) throw notFound("Workflow runtime", query.workflowRuntimeId);
  const d = webhookDeliveries;
  const rows = await db
    .select()
    .from(d)
    .where(and(eq(d.projectId, projectId), eq(d.runtimeId, query.workflowRuntimeId), query.status ? eq(d.status, query.status) : undefined))
    .orderBy(asc(sql`(${d.payload}->>'sequence')::int`), asc(d.createdAt), asc(d.id))
    .limit(query.limit);
  return rows.map(toDeliveryView);
}

/** `listDeliveries` for a caller (admins only). */
export async function listDeliveriesFor(db: Db, caller: Caller, query: ListDeliveriesQuery): Promise<DeliveryView[]> {
  await requireAdmin(db, caller, "see webhook deliveries");
  return listDeliveries(db, caller.projectId, query);
}

/**
 * The caller's project's most recent deliveries across all runtimes, newest first (admins only), for the
 * settings page; the public API lists them per runtime (`listDeliveries`).
 */
export async function listRecentDeliveriesFor(db: Db, caller: Caller, limit = 50): Promise<DeliveryView[]> {
  await requireAdmin(db, caller, "see webhook deliveries");
  const d = webhookDeliveries;
  const rows = await db
    .select()
    .from(d)
    .where(eq(d.projectId, caller.projectId))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(Math.min(Math.max(limit, 1), 200));
  return rows.map(toDeliveryView);
}

/** `redeliver` for a caller (admins only). */
export async function redeliverFor(db: Db, caller: Caller, id: string): Promise<DeliveryView> {
  await requireAdmin(db, caller, "redeliver webhooks");
  return auditedFor(db, caller, (d: DeliveryView) => ({ action: "webhook_delivery.redelivered", target: { type: "webhook_delivery", id }, summary: { eventName: d.eventName } }), (tx) =>
    redeliver(tx, caller.projectId, id),
  );
}

/**
 * Send a delivery again, with the same event id (`webhook-id`) and payload. A finished delivery (succeeded or
 * failed) goes back to pending with a new job and a fresh retry schedule; a pending one waiting for its next
 * retry is moved to now. Refused with 409 while an attempt is running (`delivery_in_progress`) or when the
 * subscription is disabled or deleted (`subscription_disabled`).
 */
export async function redeliver(db: Db, projectId: string, id: string): Promise<DeliveryView> {
  if (!isUuid(id)) throw notFound("Webhook delivery", id);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [found] = await tx
      .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
      .from(webhookDeliveries)
      .leftJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(and(eq(webhookDeliveries.id, id), projectFilter(webhookDeliveries.projectId, projectId)))
      .for("update", { of: webhookDeliveries });
    if (!found) throw notFound("Webhook delivery", id);
    const { delivery, subscription } = found;
    if (!subscription?.active) {
      throw new AppError("subscription_disabled", subscription
          ? `The subscription of this delivery is disabled (${subscription.disabledReason ?? "paused"}); re-enable it with POST /api/v1/external/webhook-subscriptions/${subscription.id}/enable first.`
          : "The subscription of this delivery was deleted; create a new subscription for the URL instead.");
    }
    const now = new Date();
    if (delivery.status === "pending" && (await pullPendingJobForward(tx, delivery))) {
      const [row] = await tx.update(webhookDeliveries).set({ nextAttemptAt: now }).where(eq(webhookDeliveries.id, id)).returning();
      return toDeliveryView(row);
    }
    const [row] = await tx.update(webhookDeliveries).set({ status: "pending", nextAttemptAt: now }).where(eq(webhookDeliveries.id, id)).returning();
    await enqueueJobs(tx, [
      { projectId, kind: "webhook_delivery", runtimeId: delivery.runtimeId, maxAttempts: MAX_DELIVERY_ATTEMPTS, payload: { ...deliveryJobPayload(id) } },
    ]);
    return toDeliveryView(row);
  });
}

/** Move the delivery's waiting job to now; false when it has none. Throws while an attempt holds its lease. */
async function pullPendingJobForward(tx: Db, delivery: WebhookDelivery): Promise<boolean> {
  const [job] = await tx
    .select({ id: jobs.id, lockedUntil: jobs.lockedUntil })
    .from(jobs)
    .where(
      and(
        eq(jobs.projectId, delivery.projectId),
        delivery.runtimeId ? eq(jobs.runtimeId, delivery.runtimeId) : undefined,
        eq(jobs.kind, "webhook_delivery"),
        eq(jobs.status, "pending"),
        sql`${jobs.payload}->>'deliveryId' = ${delivery.id}`,
      ),
    )
    .for("update");
  if (!job) return false;
  if (job.lockedUntil && job.lockedUntil > new Date()) {
    throw new AppError("delivery_in_progress", "An attempt of this delivery is running now; look at it again in a few seconds.");
  }
  await tx.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return true;
}
