import { sql, type SQL } from "drizzle-orm";
import type { TimerPlan } from "../../engine";

/**
 * Contract: marks `canceled` the runtime's pending `timer` jobs a step's `TimerPlan` voids, as a data-modifying
 * CTE body of the step's statement (which holds the runtime's row lock, as every timer's own step does): the
 * `after` timers of every node not in `plan.keep`, and the deadline's warning and breach unless the plan keeps
 * the deadline. `exceptJobId` is the timer the step fires (its own statement completes it). A timer a worker
 * holds right now is canceled too: its step, under the same lock, then finds it no longer pending and does nothing.
 */
export function timerJobsVoid(projectId: string, runtimeId: string, plan: TimerPlan, exceptJobId: number | null): SQL {
  const keepDeadline = plan.deadline === "keep";
  return sql`update jobs set status = 'canceled', finished_at = now(), locked_until = null
    where runtime_id = ${runtimeId}::uuid and project_id = ${projectId}::text and status = 'pending' and kind = 'timer'
      and id <> ${exceptJobId ?? 0}::bigint
      and case when payload->>'timer' = 'after' then not (payload->>'node' in (select jsonb_array_elements_text(${JSON.stringify(plan.keep)}::jsonb))) else not ${keepDeadline}::boolean end`;
}
