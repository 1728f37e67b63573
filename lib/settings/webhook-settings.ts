import { z } from "zod";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { createSubscriptionRequestSchema, type CreateSubscriptionRequest } from "../webhooks/api-schemas";
import { redeliver, type DeliveryView } from "../webhooks/deliveries";
import { getWebhookSecretStatus, rotateWebhookSecret } from "../webhooks/rotate-secret";
import { createSubscription, deleteSubscription, listSubscriptions, setSubscriptionActive, type SubscriptionView } from "../webhooks/subscriptions";
import { assertAdmin } from "./assert-admin";

export { createSubscriptionRequestSchema };

/** Body of `PATCH /api/backoffice/webhooks/subscriptions/{id}`: enable or pause. */
export const setSubscriptionActiveRequestSchema = z.strictObject({ active: z.boolean() });

/** The project-level (customer-level) subscriptions, newest first (admins only). */
export async function listProjectSubscriptionsFor(db: Db, user: SessionUser): Promise<SubscriptionView[]> {
  await assertAdmin(db, user, "see webhook subscriptions");
  return listSubscriptions(db, user.projectId, { level: "project", limit: 100 });
}

export async function createSubscriptionFor(db: Db, user: SessionUser, body: CreateSubscriptionRequest): Promise<SubscriptionView> {
  await assertAdmin(db, user, "create webhook subscriptions");
  return createSubscription(db, user.projectId, body);
}

export async function setSubscriptionActiveFor(db: Db, user: SessionUser, id: string, active: boolean): Promise<SubscriptionView> {
  await assertAdmin(db, user, "enable or pause webhook subscriptions");
  return setSubscriptionActive(db, user.projectId, id, active);
}

export async function deleteSubscriptionFor(db: Db, user: SessionUser, id: string): Promise<void> {
  await assertAdmin(db, user, "delete webhook subscriptions");
  await deleteSubscription(db, user.projectId, id);
}

/** Whether a signing secret exists, with fingerprints; never the value. */
export async function webhookSecretStatusFor(db: Db, user: SessionUser) {
  await assertAdmin(db, user, "see the webhook signing secret");
  const status = await getWebhookSecretStatus(db, user.projectId);
  return { ...status, previous: status.previous && { ...status.previous, validUntil: status.previous.validUntil.toISOString() } };
}

/** A new signing secret, returned once; the old one keeps signing for 24 hours. */
export async function rotateWebhookSecretFor(db: Db, user: SessionUser) {
  await assertAdmin(db, user, "rotate the webhook signing secret");
  const rotated = await rotateWebhookSecret(db, user.projectId);
  return { ...rotated, previousValidUntil: rotated.previousValidUntil?.toISOString() ?? null };
}

export async function redeliverFor(db: Db, user: SessionUser, deliveryId: string): Promise<DeliveryView> {
  await assertAdmin(db, user, "redeliver webhooks");
  return redeliver(db, user.projectId, deliveryId);
}
