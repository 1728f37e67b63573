import { sql, type SQL } from "drizzle-orm";
import type { TimerPlan } from "../../engine";

/**
 * Contract: the values of `due_at` and `due_warn_at` after a step, as two SQL expressions for an insert or an
 * update: kept as they are (`"keep"`, or no plan: the step left the timers alone), cleared (`null`), or counted
 * from the transaction's `now()`, the instant the step's timer jobs are due from too.
 */
export function deadlineColumns(plan: TimerPlan | undefined, current: { dueAt: SQL; dueWarnAt: SQL }): { dueAt: SQL; dueWarnAt: SQL } {
  const deadline = plan ? plan.deadline : "keep";
  if (deadline === "keep") return current;
  if (deadline === null) return { dueAt: sql`null::timestamptz`, dueWarnAt: sql`null::timestamptz` };
  const at = (ms: number) => sql`now() + ${ms}::double precision * interval '1 millisecond'`;
  return { dueAt: at(deadline.dueMs), dueWarnAt: deadline.warnBeforeMs === null ? sql`null::timestamptz` : at(deadline.dueMs - deadline.warnBeforeMs) };
}
