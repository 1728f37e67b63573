import { uuidArray } from "../../db/raw-sql";
import { sql, type SQL } from "drizzle-orm";
import type { TimerPlan } from "../../engine";

/** The timers one runtime's step voids: its `TimerPlan`, and the timer job the step fires (its own statement completes it). */
export interface TimerVoid {
  runtimeId: string;
  plan: TimerPlan;
  exceptJobId: number | null;
}

/**
 * Contract: marks `canceled` the pending `timer` jobs each runtime's `TimerPlan` voids, as a data-modifying CTE body
 * of the step's statement (which holds the runtimes' row locks, as every timer's own step does): the `after` timers
 * of every node not in `plan.keep`, and the deadline's warning and breach unless the plan keeps the deadline,
 * never the job `exceptJobId` the step fires. A timer a worker holds right now is canceled too: its step, under the
 * same lock, then finds it no longer pending and does nothing. The plans travel as one JSON parameter (fixed text).
 */
export function timerJobsVoid(projectId: string, voids: TimerVoid[]): SQL {
  const json = JSON.stringify(voids.map((v) => ({ r: v.runtimeId, keep: v.plan.keep, kd: v.plan.deadline === "keep", x: v.exceptJobId ?? 0 })));
  return sql`update jobs set status = 'canceled', finished_at = now(), locked_until = null
    from jsonb_array_elements(${json}::jsonb) as p(v)
    where jobs.runtime_id = (p.v->>'r')::uuid and jobs.runtime_id = any(${uuidArray(voids.map((v) => v.runtimeId))}) and jobs.project_id = ${projectId}::text and jobs.status = 'pending' and jobs.kind = 'timer'
      and jobs.id <> (p.v->>'x')::bigint
      and case when jobs.payload->>'timer' = 'after' then not (jobs.payload->>'node' in (select jsonb_array_elements_text(p.v->'keep'))) else not (p.v->>'kd')::boolean end`;
}
