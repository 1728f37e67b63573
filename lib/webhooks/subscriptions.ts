import { and, count, desc, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { webhookDeliveries, webhookSubscriptions, type WebhookSubscription } from "../db/schema";
import { notFound, AppError } from "../errors";
import { isUuid } from "../db/ids";
import type { CreateSubscriptionRequest, ListSubscriptionsQuery } from "./api-schemas";
import { normaliseEvents } from "./config-subscriptions";
import { auditedFor } from "../audit/audited-for";

/** A subscription as the API shows it. */
export interface SubscriptionView {
  id: string;
  type: "webhook";
  level: WebhookSubscription["level"];
  url: string;
  events: string[];
  active: boolean;
  disabledReason: string | null;
  workflowDefinitionId: string | null;
  workflowRuntimeId: string | null;
  createdAt: string;
}

/** Most project-level subscriptions a project may have. */
export const MAX_PROJECT_SUBSCRIPTIONS = 50;

export function toSubscriptionView(row: WebhookSubscription): SubscriptionView {
  return {
    id: row.id,
    type: "webhook",
    level: row.level,
    url: row.url,
    events: row.events,
    active: row.active,
    disabledReason: row.disabledReason,
    workflowDefinitionId: row.workflowDefinitionId,
    workflowRuntimeId: row.runtimeId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Subscriptions of one level of the project, newest first, optionally narrowed to a definition or runtime. */
export async function listSubscriptions(db: Db, projectId: string, query: ListSubscriptionsQuery): Promise<SubscriptionView[]> {
  const s = webhookSubscriptions;
  const rows = await db
    .select()
    .from(s)
    .where(
      and(
        eq(s.projectId, projectId),
        eq(s.level, query.level),
        query.workflowDefinitionId ? eq(s.workflowDefinitionId, query.workflowDefinitionId) : undefined,
        query.workflowRuntimeId ? eq(s.runtimeId, query.workflowRuntimeId) : undefined,
      ),
    )
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(query.limit);
  return rows.map(toSubscriptionView);
}

/** Create a project-level subscription: every matching event of every workflow of the project goes to `url`. */
export async function createSubscription(db: Db, projectId: string, body: CreateSubscriptionRequest): Promise<SubscriptionView> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.projectId, projectId), eq(webhookSubscriptions.level, "project")));
  if (n >= MAX_PROJECT_SUBSCRIPTIONS) {
    throw new AppError("subscription_limit_reached", `The project already has ${n} subscriptions (the limit is ${MAX_PROJECT_SUBSCRIPTIONS}); delete unused ones first.`);
  }
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ projectId, level: "project", url: body.url, events: normaliseEvents(body.events) })
    .returning();
  return toSubscriptionView(row);
}

/** Re-enable (clearing the reason it was disabled) or pause any subscription of the project. */
export async function setSubscriptionActive(db: Db, projectId: string, id: string, active: boolean): Promise<SubscriptionView> {
  if (!isUuid(id)) throw notFound("Webhook subscription", id);
  const [row] = await db
    .update(webhookSubscriptions)
    .set(active ? { active: true, disabledReason: null } : { active: false, disabledReason: "Paused through the API." })
    .where(and(eq(webhookSubscriptions.id, id), projectFilter(webhookSubscriptions.projectId, projectId)))
    .returning();
  if (!row) throw notFound("Webhook subscription", id);
  return toSubscriptionView(row);
}

/**
 * Delete a project-level subscription. Its past deliveries stay (listed by runtime, without the link); pending
 * ones are not sent. Definition- and runtime-level subscriptions come from `config.subscriptions` and are
 * refused with 409 `subscription_managed_by_config`: pause them instead, or change the config.
 */
export async function deleteSubscription(db: Db, projectId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound("Webhook subscription", id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.id, id), projectFilter(webhookSubscriptions.projectId, projectId)))
      .for("update");
    if (!row) throw notFound("Webhook subscription", id);
    if (row.level !== "project") {
      throw new AppError("subscription_managed_by_config", `Subscription '${id}' comes from config.subscriptions of the ${row.level === "definition" ? "workflow definition" : "run request"}; ` +
          `pause it with POST /api/v1/external/webhook-subscriptions/${id}/disable, or change that config.`);
    }
    await tx
      .update(webhookDeliveries)
      .set({ subscriptionId: null })
      .where(and(eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.projectId, projectId)));
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  });
}

/** The caller's subscriptions of one level (admins only); by default the project level, as the settings page lists them. */
export async function listSubscriptionsFor(db: Db, caller: Caller, query: ListSubscriptionsQuery = { level: "project", limit: 100 }): Promise<SubscriptionView[]> {
  await requireAdmin(db, caller, "see webhook subscriptions");
  return listSubscriptions(db, caller.projectId, query);
}

/** Create a project-level subscription (admins only). */
export async function createSubscriptionFor(db: Db, caller: Caller, body: CreateSubscriptionRequest): Promise<SubscriptionView> {
  await requireAdmin(db, caller, "create webhook subscriptions");
  return auditedFor(db, caller, (s: SubscriptionView) => ({ action: "webhook_subscription.created", target: { type: "webhook_subscription", id: s.id }, summary: { events: body.events } }), (tx) =>
    createSubscription(tx, caller.projectId, body),
  );
}

/** Enable or pause a subscription of any level (admins only). */
export async function setSubscriptionActiveFor(db: Db, caller: Caller, id: string, active: boolean): Promise<SubscriptionView> {
  await requireAdmin(db, caller, "enable or pause webhook subscriptions");
  return auditedFor(db, caller, { action: active ? "webhook_subscription.enabled" : "webhook_subscription.paused", target: { type: "webhook_subscription", id } }, (tx) =>
    setSubscriptionActive(tx, caller.projectId, id, active),
  );
}

/** Delete a project-level subscription (admins only); see `deleteSubscription`. */
export async function deleteSubscriptionFor(db: Db, caller: Caller, id: string): Promise<void> {
  await requireAdmin(db, caller, "delete webhook subscriptions");
  await auditedFor(db, caller, { action: "webhook_subscription.deleted", target: { type: "webhook_subscription", id } }, (tx) => deleteSubscription(tx, caller.projectId, id));
}
