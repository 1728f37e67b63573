import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { runtimeHistory, webhookDeliveries, webhookSubscriptions, type WebhookDelivery } from "../db/schema";
import type { AttemptOutcome } from "./attempt-outcome";

/**
 * Record an attempt in one transaction: the delivery's status, attempt count, last response code and error,
 * next attempt and delivery time; on 410 the subscription is disabled with the reason; and a `webhook` row is
 * appended to the runtime's history. The history shows the URL without query string or credentials, and
 * never a header, signature or body.
 */
export async function recordAttempt(db: Db, delivery: WebhookDelivery, subscriptionId: string | null, outcome: AttemptOutcome): Promise<void> {
  const now = new Date();
  const attempt = delivery.attempts + 1;
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.status === "succeeded" ? "succeeded" : outcome.status === "retrying" ? "pending" : "failed",
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastResponseCode: outcome.responseCode,
        lastError: outcome.error,
        nextAttemptAt: outcome.status === "retrying" ? new Date(now.getTime() + (outcome.retryInMs ?? 0)) : null,
        ...(outcome.status === "succeeded" ? { deliveredAt: now } : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (outcome.status === "disabled" && subscriptionId) {
      await tx
        .update(webhookSubscriptions)
        .set({ active: false, disabledReason: `The receiver answered 410 Gone to event ${delivery.eventId} at ${now.toISOString()}.` })
        .where(eq(webhookSubscriptions.id, subscriptionId));
    }
    if (!delivery.runtimeId) return;
    await tx.insert(runtimeHistory).values({
      projectId: delivery.projectId,
      runtimeId: delivery.runtimeId,
      kind: "webhook",
      eventName: delivery.eventName,
      actorType: "system",
      payload: {
        deliveryId: delivery.id,
        eventId: delivery.eventId,
        eventName: delivery.eventName,
        url: displayUrl(delivery.url),
        status: outcome.status,
        attempt,
        responseCode: outcome.responseCode,
        errorCode: outcome.errorCode,
        ...(outcome.retryInMs !== null ? { retryInMs: outcome.retryInMs } : {}),
      },
    });
  });
}

/** The URL as shown in history: scheme, host, port and path; a query string or user info may carry tokens. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? "?…" : ""}`;
  } catch {
    return "(invalid URL)";
  }
}
