import { sql, type SQL } from "drizzle-orm";
import { webhookSubscriptions, type NewRuntimeHistoryRow, type WebhookSubscription } from "../db/schema";
import { fromRow, onlyWithRowOf } from "../db/raw-sql";

export type HistoryInput = Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">;

/**
 * The statements a step writes besides the runtime row, as data-modifying CTE bodies, so one round trip
 * persists the runtime, its history and its outbox jobs (`jobsInsert`, `jobCompletion` in lib/jobs/queue). Rows travel as one JSON parameter each, which keeps
 * every statement's text fixed (prepared once per connection) whatever the number of rows.
 */
export function historyInsert(projectId: string, runtimeId: string, rows: HistoryInput[], onlyWith?: string): SQL {
  const json = JSON.stringify(
    rows.map((h) => ({ k: h.kind, e: h.eventName ?? null, p: h.payload ?? null, f: h.fromState ?? null, t: h.toState ?? null, a: h.actorType, i: h.actorId ?? null })),
  );
  return sql`insert into runtime_history (project_id, runtime_id, kind, event_name, payload, from_state, to_state, actor_type, actor_id)
    select ${projectId}::text, ${runtimeId}::uuid, r.v->>'k', r.v->>'e', nullif(r.v->'p', 'null'::jsonb), r.v->>'f', r.v->>'t', r.v->>'a', r.v->>'i'
    from ${onlyWithRowOf(onlyWith)} jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) order by r.n`;
}

/**
 * A scalar subquery: every subscription row (active or not) that can apply to the runtime `rt` — the
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
