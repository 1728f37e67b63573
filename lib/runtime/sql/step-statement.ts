import { sql, type SQL } from "drizzle-orm";
import { applicableSubscriptionsJson } from "./applicable-subscriptions";

export interface StepStatementParts {
  /** CTEs the runtime write reads from (e.g. `entity as (…)` for new runtimes), written before `rt`. */
  ctes?: SQL;
  /** The runtimes' write, an `insert` or `update … returning` the rows (`runtime-insert.ts`, `runtime-update.ts`). */
  runtime: SQL;
  /** CTE bodies of the steps' history and outbox jobs (of new runtimes: only those `rt` holds). */
  history: SQL;
  jobs: SQL;
  /** Completions of the jobs whose work the steps store, one CTE body each; none by default. */
  completeJobs?: SQL[];
  /** Earlier document versions to keep (`document-versions-insert.ts`); none by default. */
  documentVersions?: SQL;
  /** The runtimes' pending plugin jobs to cancel (`plugin-jobs-cancel.ts`); none by default. */
  cancelJobs?: SQL;
  /** The runtimes' pending timers the steps void (`timer-jobs-void.ts`); none by default. */
  voidTimers?: SQL;
  /** Further CTE bodies written with the steps (e.g. an `auto_assign` job per case that entered a state); none by default. */
  more?: SQL[];
}

/**
 * Contract: one statement for the steps of one or more runtimes: the runtime rows (CTE `rt`), their history, their
 * outbox jobs, the completion of the jobs whose work they store, the document versions they supersede, the plugin
 * jobs they cancel and the timers they void, answering the written rows with the webhook subscriptions that apply
 * to each (`applicable_subscriptions`). A runtime the write wrote no row for is not in the answer.
 */
export function stepStatement(parts: StepStatementParts): SQL {
  const done = (parts.completeJobs ?? []).map((job, i) => sql`, ${sql.raw(`done${i}`)} as (${job})`);
  const more = (parts.more ?? []).map((body, i) => sql`, ${sql.raw(`more${i}`)} as (${body})`);
  return sql`with ${parts.ctes ? sql`${parts.ctes}, ` : sql``}rt as (${parts.runtime}),
    h as (${parts.history}),
    j as (${parts.jobs}),
    v as (${parts.documentVersions ?? sql`select 1`}),
    c as (${parts.cancelJobs ?? sql`select 1`}),
    t as (${parts.voidTimers ?? sql`select 1`})${sql.join(done)}${sql.join(more)}
    select rt.*, ${applicableSubscriptionsJson("rt")} as applicable_subscriptions from rt`;
}
