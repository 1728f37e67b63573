import { sql, type SQL } from "drizzle-orm";
import { webhookSubscriptions, type WebhookSubscription } from "../../db/schema";
import { fromRow } from "../../db/raw-sql";

/**
 * Contract: a scalar subquery: every subscription row (active or not) that can apply to the runtime `rt` — the
 * project's, its definition's and its own — as a JSON array, read in the same statement as the step.
 * Read without a lock (a row lock here would write to every project subscription on every step): one deleted
 * before the step writes its deliveries is skipped there (`enqueueSystemEvents` in lib/webhooks/system-events).
 */
export function applicableSubscriptionsJson(rt: string): SQL {
  const r = sql.raw(rt);
  return sql`(select coalesce(json_agg(s), '[]'::json) from webhook_subscriptions s
    where s.project_id = ${r}.project_id
      and (s.level = 'project'
        or (s.level = 'definition' and s.workflow_definition_id = ${r}.workflow_definition_id)
        or (s.level = 'runtime' and s.runtime_id = ${r}.id)))`;
}

/** Parse the `applicableSubscriptionsJson` column of a result row. */
export function subscriptionsFrom(value: unknown): WebhookSubscription[] {
  const rows = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as Record<string, unknown>[];
  return rows.map((row) => fromRow(webhookSubscriptions, row));
}
