import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, projectRow, timestamptz } from "./columns";

export type SubscriptionLevel = "project" | "definition" | "runtime";

/**
 * System webhook subscriptions at the spec's three levels: customer (project), workflow definition, and one
 * runtime. Definition- and runtime-level rows are materialised from `config.subscriptions`.
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    ...projectRow(),
    level: text("level").$type<SubscriptionLevel>().notNull(),
    workflowDefinitionId: text("workflow_definition_id"),
    runtimeId: uuid("runtime_id"),
    url: text("url").notNull(),
    events: text("events").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_subscriptions_project_idx").on(t.projectId, t.level),
    index("webhook_subscriptions_definition_idx").on(t.projectId, t.workflowDefinitionId),
    index("webhook_subscriptions_runtime_idx").on(t.runtimeId),
  ],
);

export type DeliveryStatus = "pending" | "succeeded" | "failed";

/** One event sent to one subscription; `eventId` is the `webhook-id`, identical on every retry and redelivery. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    subscriptionId: uuid("subscription_id").references(() => webhookSubscriptions.id),
    runtimeId: uuid("runtime_id"),
    eventId: text("event_id").notNull(),
    eventName: text("event_name").notNull(),
    url: text("url").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastResponseCode: integer("last_response_code"),
    lastError: text("last_error"),
    nextAttemptAt: timestamptz("next_attempt_at"),
    createdAt: createdAt(),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_runtime_idx").on(t.projectId, t.runtimeId, t.createdAt),
    index("webhook_deliveries_recent_idx").on(t.projectId, t.createdAt.desc()),
    uniqueIndex("webhook_deliveries_subscription_event_key").on(t.subscriptionId, t.eventId),
  ],
);

export type WebhookSubscription = typeof webhookSubscriptions.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
