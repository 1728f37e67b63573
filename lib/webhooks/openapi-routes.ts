import { z } from "zod";
import { pathParams } from "../api-contract/path-params";
import { named, type RouteGroup } from "../api-contract/route-spec";
import { describes, timestamp } from "../api-contract/shapes";
import { createSubscriptionRequestSchema, listDeliveriesQuerySchema, listSubscriptionsQuerySchema } from "./api-schemas";
import type { DeliveryView } from "./deliveries";
import { SUBSCRIBABLE_EVENTS, type SubscriptionEventName } from "./event-names";
import type { RotatedSecret, WebhookSecretStatus } from "./rotate-secret";
import type { SubscriptionView } from "./subscriptions";

/*
 * The webhook endpoints for the OpenAPI document (collected by lib/api/openapi), with response shapes that
 * `describes` keeps in step with `SubscriptionView`, `DeliveryView`, `RotatedSecret` and `WebhookSecretStatus`.
 */

/** `events` is typed `string[]` in the view; only subscribable event names are ever stored. */
const subscriptionSchema = describes<Omit<SubscriptionView, "events"> & { events: SubscriptionEventName[] }>()(
  z.object({
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
  }),
);

const deliverySchema = describes<DeliveryView>()(
  z.object({
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
  }),
);

const secretStatusSchema = describes<WebhookSecretStatus>()(
  z.object({
    configured: z.boolean(),
    fingerprint: z.string().nullable().describe("`sha256:` + 16 hex digits of the secret's hash; never the secret."),
    previous: z.object({ fingerprint: z.string(), validUntil: timestamp }).nullable().describe("The rotated-out secret while it still signs."),
  }),
);

const rotatedSchema = describes<RotatedSecret>()(
  z.object({
    secret: z.string().describe("The new `whsec_...` secret. Shown this once; store it in the receiver."),
    fingerprint: z.string(),
    previousValidUntil: timestamp.nullable().describe("Until when deliveries also carry a signature with the previous secret."),
  }),
);

/*
 * The list queries as the handlers parse them, with descriptions for the parameters whose schema has none
 * (`.describe` returns the same checks with a description).
 */
const subscriptionsQuery = listSubscriptionsQuerySchema.extend({
  workflowDefinitionId: listSubscriptionsQuerySchema.shape.workflowDefinitionId.describe("With level=definition: only this definition's subscriptions."),
  workflowRuntimeId: listSubscriptionsQuerySchema.shape.workflowRuntimeId.describe("With level=runtime: only this runtime's subscriptions."),
});
const deliveriesQuery = listDeliveriesQuerySchema.extend({
  status: listDeliveriesQuerySchema.shape.status.describe("Only deliveries with this status."),
});

const subscription = named("WebhookSubscription", subscriptionSchema);

/** The webhook endpoints, in documentation order. */
export const WEBHOOK_ROUTES: RouteGroup = {
  tag: "Webhooks",
  description: "System webhooks: subscriptions of a project, definition or runtime, their deliveries, and the signing secret (docs/webhooks.md).",
  routes: [
    { method: "get", path: "/api/v1/external/webhook-subscriptions", scope: "webhooks:admin", summary: "List webhook subscriptions of one level", query: subscriptionsQuery, success: { status: 200, description: "`{ data: [subscription] }`, newest first.", schema: named("WebhookSubscriptionList", z.object({ data: z.array(subscriptionSchema) })) } },
    { method: "post", path: "/api/v1/external/webhook-subscriptions", scope: "webhooks:admin", summary: "Subscribe a URL to events of every workflow of the project", body: named("CreateWebhookSubscriptionRequest", createSubscriptionRequestSchema), success: { status: 201, description: "The subscription.", schema: subscription, headers: ["Location"] }, errors: ["subscription_limit_reached"] },
    { method: "delete", path: "/api/v1/external/webhook-subscriptions/{subscriptionId}", scope: "webhooks:admin", summary: "Delete a project-level subscription", pathParams: pathParams("subscriptionId"), success: { status: 204, description: "Deleted; pending deliveries to it are not sent." }, errors: ["not_found", "subscription_managed_by_config"] },
    { method: "post", path: "/api/v1/external/webhook-subscriptions/{subscriptionId}/enable", scope: "webhooks:admin", summary: "Re-enable a subscription (e.g. after a 410)", pathParams: pathParams("subscriptionId"), success: { status: 200, description: "The subscription.", schema: subscription }, errors: ["not_found"] },
    { method: "post", path: "/api/v1/external/webhook-subscriptions/{subscriptionId}/disable", scope: "webhooks:admin", summary: "Pause a subscription of any level", pathParams: pathParams("subscriptionId"), success: { status: 200, description: "The subscription.", schema: subscription }, errors: ["not_found"] },
    { method: "get", path: "/api/v1/external/webhook-deliveries", scope: "webhooks:admin", summary: "A runtime's webhook deliveries", query: deliveriesQuery, success: { status: 200, description: "`{ data: [delivery] }` in event order.", schema: named("WebhookDeliveryList", z.object({ data: z.array(deliverySchema) })) }, errors: ["not_found"] },
    { method: "post", path: "/api/v1/external/webhook-deliveries/{deliveryId}/redeliver", scope: "webhooks:admin", summary: "Send a delivery again with the same webhook-id", pathParams: pathParams("deliveryId"), success: { status: 202, description: "The delivery, pending again.", schema: named("WebhookDelivery", deliverySchema) }, errors: ["not_found", "subscription_disabled", "delivery_in_progress"] },
    { method: "get", path: "/api/v1/external/webhook-secret", scope: "webhooks:admin", summary: "Whether a signing secret exists (fingerprints only)", success: { status: 200, description: "Never the secret itself.", schema: named("WebhookSecretStatus", secretStatusSchema) }, errors: ["not_found"] },
    { method: "post", path: "/api/v1/external/webhook-secret/rotate", scope: "webhooks:admin", summary: "Rotate the signing secret (the old one also signs for 24 h)", success: { status: 200, description: "The new secret, shown once.", schema: named("RotatedWebhookSecret", rotatedSchema) }, errors: ["not_found"] },
  ],
};
