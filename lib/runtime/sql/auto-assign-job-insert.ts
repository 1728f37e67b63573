import { sql, type SQL } from "drizzle-orm";
import { withJobTrace } from "../../observability/job-trace";

/** What an `auto_assign` job carries: the case, and the state whose entry enqueued it. */
export interface AutoAssignJobPayload {
  runtimeId: string;
  state: string;
}

/** An assignment is one short transaction; a worker that holds the job longer has died or stalled. */
const LEASE_MS = 10_000;

/**
 * Contract: a CTE body of a step's statement that enqueues one `auto_assign` job per case that entered a state
 * (a transition taken, or a run started, leaving the case active), only if the project has a queue with automatic
 * assignment (`filters.assignment` other than `manual`): projects without one pay a single index probe, and no
 * job. The jobs exist if and only if the step commits; their handler decides whether a queue shows the case
 * (`lib/queues/auto-assign-job.ts`). With `onlyWith` (a CTE name such as `rt`), a job is written only if that
 * CTE holds its runtime (a run the statement created). The entries travel as one JSON parameter.
 *
 * @example
 * autoAssignJobsInsert("default", [{ runtimeId, state: "manual_review" }]) // insert into jobs … where exists (…)
 */
export function autoAssignJobsInsert(projectId: string, entries: AutoAssignJobPayload[], onlyWith?: string): SQL {
  const json = JSON.stringify(entries.map((e) => withJobTrace({ runtimeId: e.runtimeId, state: e.state, leaseMs: LEASE_MS })));
  return sql`insert into jobs (project_id, kind, runtime_id, payload)
    select ${projectId}::text, 'auto_assign', (r.v->>'runtimeId')::uuid, r.v
    from jsonb_array_elements(${json}::jsonb) as r(v)
    where exists (select 1 from filters f where f.project_id = ${projectId}::text and f.assignment <> 'manual')
    ${onlyWith ? sql`and (r.v->>'runtimeId')::uuid in (select id from ${sql.raw(onlyWith)})` : sql``}`;
}
