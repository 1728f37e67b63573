import { z } from "zod";
import { SUBSCRIBABLE_EVENTS, subscriptionEventSchema } from "./event-names";
import { webhookUrlSchema } from "./config-subscriptions";

/** Body of `POST /webhook-subscriptions`: a project-level (customer-level) subscription. */
export const createSubscriptionRequestSchema = z.strictObject({
  type: z.literal("webhook").optional().describe("Only `webhook` exists; may be omitted."),
  url: webhookUrlSchema.describe("The receiver: an absolute http(s) URL. Private, loopback and link-local addresses (and localhost) are refused unless OUTBOUND_ALLOWED_HOSTS lists them: IP literals when the subscription is made, DNS names at delivery."),
  events: z
    .array(subscriptionEventSchema)
    .min(1)
    .max(50)
    .describe(`Any of ${SUBSCRIBABLE_EVENTS.join(", ")}.`),
});

/** Body of `PATCH /api/backoffice/webhooks/subscriptions/{id}`: enable or pause. */
export const setSubscriptionActiveRequestSchema = z.strictObject({ active: z.boolean() });

/** Query of `GET /webhook-subscriptions`. */
export const listSubscriptionsQuerySchema = z.strictObject({
  level: z.enum(["project", "definition", "runtime"]).default("project").describe("Which level to list (default project)."),
  workflowDefinitionId: z.string().min(1).max(200).optional(),
  workflowRuntimeId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100).describe("At most this many, newest first (1 to 500, default 100)."),
});

/** Query of `GET /webhook-deliveries`. */
export const listDeliveriesQuerySchema = z.strictObject({
  workflowRuntimeId: z.uuid().describe("The runtime whose deliveries to list."),
  status: z.enum(["pending", "succeeded", "failed"]).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100).describe("At most this many, oldest event first (1 to 500, default 100)."),
});

export type CreateSubscriptionRequest = z.output<typeof createSubscriptionRequestSchema>;
export type ListSubscriptionsQuery = z.output<typeof listSubscriptionsQuerySchema>;
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuerySchema>;
