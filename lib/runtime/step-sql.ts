import { sql, type SQL } from "drizzle-orm";
import { webhookSubscriptions, type Job, type NewJob, type NewRuntimeHistoryRow, type WebhookSubscription } from "../db/schema";
import { fromRow } from "../db/raw-sql";

export type HistoryInput = Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">;

/**
 * The statements a step writes besides the runtime row, as data-modifying CTE bodies, so one round trip
 * persists the runtime, its history and its outbox jobs. Rows travel as one JSON parameter each, which keeps
 * every statement's text fixed (prepared once per connection) whatever the number of rows.
 */
export function historyInsert(projectId: string, runtimeId: string, rows: HistoryInput[], onlyWith?: string): SQL {
  const json = JSON.stringify(
    rows.map((h) => ({ k: h.kind, e: h.eventName ?? null, p: h.payload ?? null, f: h.fromState ?? null, t: h.toState ?? null, a: h.actorType, i: h.actorId ?? null })),
  );
  return sql`insert into runtime_history (project_id, runtime_id, kind, event_name, payload, from_state, to_state, actor_type, actor_id)
    select ${projectId}::text, ${runtimeId}::uuid, r.v->>'k', r.v->>'e', nullif(r.v->'p', 'null'::jsonb), r.v->>'f', r.v->>'t', r.v->>'a', r.v->>'i'
    from ${sourceOf(onlyWith)} jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) order by r.n`;
}

/** `cte cross join`: rows are written only if the CTE `onlyWith` (e.g. the inserted runtime) has a row. */
function sourceOf(onlyWith: string | undefined): SQL {
  return onlyWith ? sql.raw(`${onlyWith} cross join`) : sql``;
}

/** Outbox rows (see `enqueueJobs`); `maxAttempts` defaults as in the schema. */
export function jobsInsert(rows: NewJob[], onlyWith?: string): SQL {
  const json = JSON.stringify(rows.map((j) => ({ p: j.projectId, k: j.kind, r: j.runtimeId ?? null, d: j.payload, m: j.maxAttempts ?? 5 })));
  return sql`insert into jobs (project_id, kind, runtime_id, payload, max_attempts)
    select r.v->>'p', r.v->>'k', (r.v->>'r')::uuid, r.v->'d', (r.v->>'m')::int
    from ${sourceOf(onlyWith)} jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) order by r.n`;
}

/** Mark a claimed job succeeded, as `completeJob` does: only while `lockedBy` still holds its lease. */
export function jobCompletion(job: Pick<Job, "id" | "lockedBy">): SQL {
  return sql`update jobs set status = 'succeeded', finished_at = now(), locked_until = null, last_error = null
    where id = ${job.id}::bigint and locked_by = ${job.lockedBy}::text`;
}

/**
 * A scalar subquery: every subscription row (active or not) that can apply to the runtime `rt` — the
 * project's, its definition's and its own — as a JSON array, read in the same statement as the step.
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
