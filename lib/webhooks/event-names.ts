import { z } from "zod";

/**
 * The system webhook catalogue (docs/webhooks.md). Subscriptions list *subscription* event names; deliveries
 * carry an `eventName`, which is the same name except for the document events: a subscription to
 * `workflow.context.document.changed` receives `workflow.context.document.updated` and
 * `workflow.context.document.completed`; one to `workflow.context.document.updated` receives only those.
 */
export const SUBSCRIBABLE_EVENTS = [
  "workflow.state.changed",
  "workflow.context.changed",
  "workflow.completed",
  "workflow.canceled",
  "workflow.context.document.changed",
  "workflow.context.document.updated",
  "workflow.sla.warning",
  "workflow.sla.breached",
] as const;

export type SubscriptionEventName = (typeof SUBSCRIBABLE_EVENTS)[number];

export const DELIVERED_EVENTS = [
  "workflow.state.changed",
  "workflow.context.changed",
  "workflow.completed",
  "workflow.canceled",
  "workflow.context.document.updated",
  "workflow.context.document.completed",
  "workflow.sla.warning",
  "workflow.sla.breached",
] as const;

export type DeliveredEventName = (typeof DELIVERED_EVENTS)[number];

/** The subscription event that selects a delivered event (besides the delivered name itself, when subscribable). */
export function subscriptionEventOf(eventName: DeliveredEventName): SubscriptionEventName {
  return eventName === "workflow.context.document.updated" || eventName === "workflow.context.document.completed"
    ? "workflow.context.document.changed"
    : eventName;
}

export function isSubscribableEvent(name: string): name is SubscriptionEventName {
  return (SUBSCRIBABLE_EVENTS as readonly string[]).includes(name);
}

/** zod schema of one subscription event name, with an error message listing the valid names. */
export const subscriptionEventSchema = z.enum(SUBSCRIBABLE_EVENTS, {
  error: (issue) => `unknown event ${JSON.stringify(issue.input)}; use one of: ${SUBSCRIBABLE_EVENTS.join(", ")}`,
});

/** The payload's `apiVersion`. Bumped only for breaking changes to the payload. */
export const WEBHOOK_API_VERSION = 1;
