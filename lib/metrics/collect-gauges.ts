import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { Metrics } from "../observability/metrics";

/** States reported per definition; the rest of a definition's runtimes are summed under `state="_other"`. */
export const STATES_PER_DEFINITION = 20;

interface QueueRow {
  kind: string;
  due: boolean;
  n: number | string;
  oldest_due_s: number | string | null;
}

interface RuntimeRow {
  definition: string;
  status: string;
  state: string;
  n: number | string;
}

/**
 * Set the gauges that describe the database rather than this process, on scrape: pending jobs by kind (due now
 * or scheduled later) and the oldest due job's wait, from the claim index's pending rows; runtimes by definition,
 * status and state (all projects together), at most `STATES_PER_DEFINITION` states per definition.
 */
export async function collectGauges(db: Db, m: Metrics): Promise<void> {
  const [queue, runtimes] = await Promise.all([
    db.execute(sql`select kind, run_at <= now() as due, count(*) as n,
        extract(epoch from now() - min(run_at) filter (where run_at <= now() and (locked_until is null or locked_until < now()))) as oldest_due_s
      from jobs where status = 'pending' group by kind, run_at <= now()`),
    db.execute(sql`select workflow_definition_id as definition, status, state, count(*) as n
      from workflow_runtimes group by workflow_definition_id, status, state`),
  ]);
  m.queueDepth.reset();
  let oldest = 0;
  for (const row of rowsOf<QueueRow>(queue)) {
    m.queueDepth.set({ kind: row.kind, due: String(row.due) }, Number(row.n));
    oldest = Math.max(oldest, Number(row.oldest_due_s ?? 0));
  }
  m.oldestDueAge.set(oldest);
  m.runtimes.reset();
  for (const row of capStates(rowsOf<RuntimeRow>(runtimes))) m.runtimes.set({ definition: row.definition, status: row.status, state: row.state }, Number(row.n));
}

/** Keep each definition's `STATES_PER_DEFINITION` largest (status, state) groups and sum the rest by status as `_other`. */
export function capStates(rows: RuntimeRow[]): RuntimeRow[] {
  const byDefinition = new Map<string, RuntimeRow[]>();
  for (const row of rows) byDefinition.set(row.definition, [...(byDefinition.get(row.definition) ?? []), row]);
  const kept: RuntimeRow[] = [];
  for (const [definition, group] of byDefinition) {
    group.sort((a, b) => Number(b.n) - Number(a.n));
    kept.push(...group.slice(0, STATES_PER_DEFINITION));
    const other = new Map<string, number>();
    for (const row of group.slice(STATES_PER_DEFINITION)) other.set(row.status, (other.get(row.status) ?? 0) + Number(row.n));
    for (const [status, n] of other) kept.push({ definition, status, state: "_other", n });
  }
  return kept;
}
