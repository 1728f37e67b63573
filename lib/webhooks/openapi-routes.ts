import { z } from "zod";
import type { ApiRoute } from "../api/openapi/routes";
import { createSubscriptionRequestSchema, listDeliveriesQuerySchema, listSubscriptionsQuerySchema } from "./api-schemas";
import { SUBSCRIBABLE_EVENTS } from "./event-names";

/*
 * The webhook endpoints for the OpenAPI document (lib/api/openapi.ts), with response shapes kept in step with
 * `toSubscriptionView`, `toDeliveryView`, `RotatedSecret` and `WebhookSecretStatus`.
 */

const timestamp = z.string().describe("ISO 8601 date-time (UTC).");

const subscriptionSchema = z.object({
  id: z.uuid(),
  type: z.literal("webhook"),
  level: z.enum(["project", "definition", "runtime"]),
  url: z.string(),
  events: z.array(z.enum(SUBSCRIBABLE_EVENTS)),
  active: z.boolean(),
  disabledReason: z.string().nullable().describe("Why it is inactive, e.g. the receiver answered 410 Gone."),
  workflowDefinitionId: z.string().nullable(),
  workflowRuntimeId: z.uuid().nullable(),
  createdAt: timestamp,
});

const deliverySchema = z.object({
  id: z.uuid(),
  subscriptionId: z.uuid().nullable(),
  workflowRuntimeId: z.uuid().nullable(),
  eventId: z.string().describe("The payload's `id` and the `webhook-id` header: the same on every attempt and redelivery."),
  eventName: z.string(),
  sequence: z.int().nullable().describe("The event's number within its runtime."),
  url: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.int(),
  lastResponseCode: z.int().nullable(),
  lastError: z.string().nullable().describe("Starts with a stable code, e.g. `destination_not_allowed: ...`, `timeout: ...`, `HTTP 500`."),
  nextAttemptAt: timestamp.nullable(),
  deliveredAt: timestamp.nullable(),
  createdAt: timestamp,
});

const secretStatusSchema = z.object({
  configured: z.boolean(),
  fingerprint: z.string().nullable().describe("`sha256:` + 16 hex digits of the secret's hash; never the secret."),
  previous: z.object({ fingerprint: z.string(), validUntil: timestamp }).nullable().describe("The rotated-out secret while it still signs."),
});

const rotatedSchema = z.object({
  secret: z.string().describe("The new `whsec_...` secret. Shown this once; store it in the receiver."),
  fingerprint: z.string(),
  previousValidUntil: timestamp.nullable().describe("Until when deliveries also carry a signature with the previous secret."),
});

const named = (name: string, schema: z.ZodType) => ({ name, schema });
const subscriptionId = { subscriptionId: "Subscription id." };

/** The webhook endpoints, in documentation order. */
export const WEBHOOK_API_ROUTES: ApiRoute[] = [
  { method: "get", path: "/api/v1/external/webhook-subscriptions", tag: "Webhooks", summary: "List webhook subscriptions of one level", query: listSubscriptionsQuerySchema, success: { status: 200, description: "`{ data: [subscription] }`, newest first.", schema: named("WebhookSubscriptionList", z.object({ data: z.array(subscriptionSchema) })) }, errors: [422] },
  { method: "post", path: "/api/v1/external/webhook-subscriptions", tag: "Webhooks", summary: "Subscribe a URL to events of every workflow of the project", body: named("CreateWebhookSubscriptionRequest", createSubscriptionRequestSchema), success: { status: 201, description: "The subscription.", schema: named("WebhookSubscription", subscriptionSchema) }, errors: [400, 409, 413, 415, 422] },
  { method: "delete", path: "/api/v1/external/webhook-subscriptions/{subscriptionId}", tag: "Webhooks", summary: "Delete a project-level subscription", pathParams: subscriptionId, success: { status: 204, description: "Deleted; pending deliveries to it are not sent." }, errors: [404, 409] },
  { method: "post", path: "/api/v1/external/webhook-subscriptions/{subscriptionId}/enable", tag: "Webhooks", summary: "Re-enable a subscription (e.g. after a 410)", pathParams: subscriptionId, success: { status: 200, description: "The subscription.", schema: named("WebhookSubscription", subscriptionSchema) }, errors: [404] },
  { method: "post", path: "/api/v1/external/webhook-subscriptions/{subscriptionId}/disable", tag: "Webhooks", summary: "Pause a subscription of any level", pathParams: subscriptionId, success: { status: 200, description: "The subscription.", schema: named("WebhookSubscription", subscriptionSchema) }, errors: [404] },
  { method: "get", path: "/api/v1/external/webhook-deliveries", tag: "Webhooks", summary: "A runtime's webhook deliveries", query: listDeliveriesQuerySchema, success: { status: 200, description: "`{ data: [delivery] }` in event order.", schema: named("WebhookDeliveryList", z.object({ data: z.array(deliverySchema) })) }, errors: [404, 422] },
  { method: "post", path: "/api/v1/external/webhook-deliveries/{deliveryId}/redeliver", tag: "Webhooks", summary: "Send a delivery again with the same webhook-id", pathParams: { deliveryId: "Delivery id." }, success: { status: 202, description: "The delivery, pending again.", schema: named("WebhookDelivery", deliverySchema) }, errors: [404, 409] },
  { method: "get", path: "/api/v1/external/webhook-secret", tag: "Webhooks", summary: "Whether a signing secret exists (fingerprints only)", success: { status: 200, description: "Never the secret itself.", schema: named("WebhookSecretStatus", secretStatusSchema) } },
  { method: "post", path: "/api/v1/external/webhook-secret/rotate", tag: "Webhooks", summary: "Rotate the signing secret (the old one also signs for 24 h)", success: { status: 200, description: "The new secret, shown once.", schema: named("RotatedWebhookSecret", rotatedSchema) } },
];
