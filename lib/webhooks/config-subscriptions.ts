import { z } from "zod";
import type { FieldError } from "../errors";
import { subscriptionEventSchema, type SubscriptionEventName } from "./event-names";
import { refusedReceiver } from "./receiver-url";

/**
 * A webhook URL: absolute http(s), at most 2000 characters, and not a destination the outbound guard always
 * refuses (`refusedReceiver`). DNS names that resolve to private addresses are refused at delivery.
 */
export const webhookUrlSchema = z
  .url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" })
  .max(2000)
  .superRefine((url, ctx) => {
    const refused = refusedReceiver(url);
    if (refused) ctx.addIssue({ code: "custom", message: refused });
  });

/** One entry of `config.subscriptions` (definition or run request): `{ type: "webhook", url, events }`. */
export const configSubscriptionSchema = z.object({
  type: z.literal("webhook").optional().describe("Only `webhook` exists; may be omitted."),
  url: webhookUrlSchema,
  events: z.array(subscriptionEventSchema).min(1).max(50),
});

export interface ConfigSubscription {
  url: string;
  /** Sorted, without duplicates: the identity of a definition-level subscription is (definition, url, events). */
  events: SubscriptionEventName[];
}

/** Events as stored on a subscription row: unique and sorted. */
export const normaliseEvents = (events: readonly string[]) => [...new Set(events)].sort() as SubscriptionEventName[];

/**
 * The valid entries of a `config.subscriptions` array and a problem (JSON pointer under `prefix`) for each
 * invalid one. A missing or empty array yields nothing.
 *
 * @example parseConfigSubscriptions({ subscriptions: [{ type: "webhook", url: "https://x.example/h", events: ["workflow.completed"] }] })
 */
export function parseConfigSubscriptions(config: unknown, prefix = "/config"): { subscriptions: ConfigSubscription[]; problems: FieldError[] } {
  const list = (config as { subscriptions?: unknown } | null | undefined)?.subscriptions;
  if (list === undefined || list === null) return { subscriptions: [], problems: [] };
  if (!Array.isArray(list)) return { subscriptions: [], problems: [{ path: `${prefix}/subscriptions`, message: "must be an array" }] };
  const subscriptions: ConfigSubscription[] = [];
  const problems: FieldError[] = [];
  list.forEach((entry, i) => {
    const parsed = configSubscriptionSchema.safeParse(entry);
    if (parsed.success) subscriptions.push({ url: parsed.data.url, events: normaliseEvents(parsed.data.events) });
    else for (const issue of parsed.error.issues) problems.push({ path: `${prefix}/subscriptions/${i}${issue.path.map((p) => `/${String(p)}`).join("")}`, message: issue.message });
  });
  return { subscriptions, problems };
}
