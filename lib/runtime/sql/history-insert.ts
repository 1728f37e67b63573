import { sql, type SQL } from "drizzle-orm";
import type { NewRuntimeHistoryRow } from "../../db/schema";
import { onlyWithRuntimeIn } from "../../db/raw-sql";

export type HistoryInput = Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">;

/** A history row and the runtime it belongs to (one statement may write the rows of several runtimes). */
export type RuntimeHistoryInput = HistoryInput & { runtimeId: string };

/**
 * Contract: inserts `rows` into `runtime_history`, each for its runtime, in order, as a data-modifying CTE body of
 * a step's statement (with `onlyWith`, a row is written only if that CTE holds its runtime: a run the statement
 * created). The rows travel as one JSON parameter, so the text is fixed (prepared once per connection) whatever
 * their number.
 */
export function historyInsert(projectId: string, rows: RuntimeHistoryInput[], onlyWith?: string): SQL {
  const json = JSON.stringify(
    rows.map((h) => ({ r: h.runtimeId, k: h.kind, e: h.eventName ?? null, p: h.payload ?? null, f: h.fromState ?? null, t: h.toState ?? null, a: h.actorType, i: h.actorId ?? null })),
  );
  return sql`insert into runtime_history (project_id, runtime_id, kind, event_name, payload, from_state, to_state, actor_type, actor_id)
    select ${projectId}::text, (r.v->>'r')::uuid, r.v->>'k', r.v->>'e', nullif(r.v->'p', 'null'::jsonb), r.v->>'f', r.v->>'t', r.v->>'a', r.v->>'i'
    from jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) ${onlyWithRuntimeIn(onlyWith, sql`(r.v->>'r')::uuid`)} order by r.n`;
}
