import { sql, type SQL } from "drizzle-orm";
import type { TimerPlan } from "../../engine";

/** A step's review deadline as one value of a multi-row statement's JSON: kept, cleared, or due (and warned) in ms. */
export type DeadlineValue = "keep" | null | { due: number; warn: number | null };

/** The deadline a step's timers set: `"keep"` without a plan (the step left the timers alone). */
export function deadlineValue(plan: TimerPlan | undefined): DeadlineValue {
  const deadline = plan ? plan.deadline : "keep";
  if (deadline === "keep" || deadline === null) return deadline;
  return { due: deadline.dueMs, warn: deadline.warnBeforeMs === null ? null : deadline.dueMs - deadline.warnBeforeMs };
}

/**
 * Contract: the values of `due_at` and `due_warn_at` after a step, as two SQL expressions over `value` (a
 * `DeadlineValue` as jsonb) for an insert or an update: kept as they are (`"keep"`), cleared (`null`), or counted
 * from the transaction's `now()`, the instant the step's timer jobs are due from too.
 */
export function deadlineColumns(value: SQL, current: { dueAt: SQL; dueWarnAt: SQL }): { dueAt: SQL; dueWarnAt: SQL } {
  const at = (ms: SQL) => sql`now() + (${ms})::double precision * interval '1 millisecond'`;
  return {
    dueAt: sql`case when ${value} = '"keep"'::jsonb then ${current.dueAt} when jsonb_typeof(${value}) = 'object' then ${at(sql`${value}->>'due'`)} end`,
    dueWarnAt: sql`case when ${value} = '"keep"'::jsonb then ${current.dueWarnAt} when jsonb_typeof(${value}->'warn') = 'number' then ${at(sql`${value}->>'warn'`)} end`,
  };
}
