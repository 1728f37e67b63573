import { sql, type SQL } from "drizzle-orm";
import { applicableSubscriptionsJson } from "./applicable-subscriptions";

export interface StepStatementParts {
  /** CTEs the runtime write reads from (e.g. `entity as (…)` for a new runtime), written before `rt`. */
  ctes?: SQL;
  /** The runtime write, an `insert` or `update … returning *` (`runtime-insert.ts`, `runtime-update.ts`). */
  runtime: SQL;
  /** CTE bodies written only with the runtime row: history, outbox jobs, a job completion. */
  history: SQL;
  jobs: SQL;
  completeJob: SQL;
  /** Earlier document versions to keep (`document-versions-insert.ts`); none by default. */
  documentVersions?: SQL;
  /** The runtime's pending plugin jobs to cancel (`plugin-jobs-cancel.ts`); none by default. */
  cancelJobs?: SQL;
  /** The runtime's pending timers the step voids (`timer-jobs-void.ts`); none by default. */
  voidTimers?: SQL;
}

/**
 * Contract: one statement for a whole step: the runtime row (CTE `rt`), its history, its outbox jobs, the
 * completion of the job whose work it stores, the document versions it supersedes, the plugin jobs it cancels and
 * the timers it voids, answering the written row
 * with the webhook subscriptions that apply to it (`applicable_subscriptions`). No row when the runtime write
 * wrote none.
 */
export function stepStatement(parts: StepStatementParts): SQL {
  return sql`with ${parts.ctes ? sql`${parts.ctes}, ` : sql``}rt as (${parts.runtime}),
    h as (${parts.history}),
    j as (${parts.jobs}),
    done as (${parts.completeJob}),
    v as (${parts.documentVersions ?? sql`select 1`}),
    c as (${parts.cancelJobs ?? sql`select 1`}),
    t as (${parts.voidTimers ?? sql`select 1`})
    select rt.*, ${applicableSubscriptionsJson("rt")} as applicable_subscriptions from rt`;
}
