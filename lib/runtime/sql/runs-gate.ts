import { sql, type SQL } from "drizzle-orm";

/** What the gate checks of one run: its definition version, and whether the run named it (never yields). */
export interface GatedRun {
  definitionId: string;
  definitionVersion: number;
  pinned: boolean;
}

/**
 * Contract: the CTE `gate (ok)` of a run statement, read as `(select ok from gate)` by each of its writes
 * (`entitiesUpsert`, `runtimeInsert`), so the statement writes all or nothing: `ok` is true when no newer version
 * of any unpinned run's definition exists, and no active project subscription lists any of `events` (none:
 * versions only). A definition's subscriptions come from its config (`subscriptionsForRuntime`), and runs whose
 * definition or own config subscribes are never sent without a transaction, so project rows are the only ones
 * that can hear such a run. When it is false the statement writes nothing and answers no rows: the caller
 * computes the runs again on the versions read afresh, and a run sent without a transaction because nobody
 * subscribed takes one, which writes the deliveries. Evaluated once per statement (a CTE), in the statement's
 * snapshot.
 */
export function runsGate(projectId: string, runs: GatedRun[], events: string[]): SQL {
  const versions = JSON.stringify(runs.filter((r) => !r.pinned).map((r) => ({ def: r.definitionId, ver: r.definitionVersion })));
  const listed = JSON.stringify(events);
  return sql`gate as (select not exists (select 1 from jsonb_to_recordset(${versions}::jsonb) as r(def text, ver int)
        join workflow_definitions d on d.project_id = ${projectId}::text and d.id = r.def and d.version > r.ver)
      and not exists (select 1 from webhook_subscriptions s
        where s.project_id = ${projectId}::text and s.active and s.level = 'project'
          and s.events && array(select jsonb_array_elements_text(${listed}::jsonb))) as ok)`;
}

/** How a write of the statement reads the gate. */
export const GATE_OPEN = sql`(select ok from gate)`;
