import { sql, type SQL } from "drizzle-orm";
import type { NewRuntimeHistoryRow } from "../../db/schema";
import { onlyWithRowOf } from "../../db/raw-sql";

export type HistoryInput = Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">;

/**
 * Contract: inserts `rows` into `runtime_history` for the runtime, in order, as a data-modifying CTE body of a
 * step's statement (written only if the CTE `onlyWith` has a row). The rows travel as one JSON parameter, so the
 * text is fixed (prepared once per connection) whatever their number.
 */
export function historyInsert(projectId: string, runtimeId: string, rows: HistoryInput[], onlyWith?: string): SQL {
  const json = JSON.stringify(
    rows.map((h) => ({ k: h.kind, e: h.eventName ?? null, p: h.payload ?? null, f: h.fromState ?? null, t: h.toState ?? null, a: h.actorType, i: h.actorId ?? null })),
  );
  return sql`insert into runtime_history (project_id, runtime_id, kind, event_name, payload, from_state, to_state, actor_type, actor_id)
    select ${projectId}::text, ${runtimeId}::uuid, r.v->>'k', r.v->>'e', nullif(r.v->'p', 'null'::jsonb), r.v->>'f', r.v->>'t', r.v->>'a', r.v->>'i'
    from ${onlyWithRowOf(onlyWith)} jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) order by r.n`;
}
