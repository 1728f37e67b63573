import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { onlyWithRuntimeIn } from "../db/raw-sql";
import type { Job, NewJob } from "../db/schema";
import { withJobTrace } from "../observability/job-trace";

/** NOTIFY channel that wakes workers; an insert trigger on `jobs` (migration 0004) notifies it at commit. */
export const JOBS_CHANNEL = "kyc_jobs";

const DEFAULT_LEASE_MS = 60_000;

/**
 * Insert outbox rows inside the caller's transaction. The insert trigger wakes the workers when, and only if,
 * the transaction commits, so no worker sees a job whose cause was rolled back.
 */
export async function enqueueJobs(tx: Db, rows: NewJob[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(jobsInsert(rows));
}

/** An outbox row to insert; `delayMs` makes it due that long after the inserting transaction began (a timer). */
export type NewJobRow = NewJob & { delayMs?: number };

/**
 * The insert of `enqueueJobs` as a statement, also usable as a data-modifying CTE body of a step's statement
 * (with `onlyWith`, a row is written only if that CTE holds its runtime: a run the statement created). The rows
 * travel as one JSON parameter, so the text is fixed whatever their number; `maxAttempts` defaults as in the
 * schema; `run_at` is the transaction's `now()` plus `delayMs` (so a timer and the deadline the same step sets
 * agree to the microsecond). Each payload carries the current request's id and trace context (`withJobTrace`), so
 * the job's logs and spans continue the request's chain.
 */
export function jobsInsert(rows: NewJobRow[], onlyWith?: string): SQL {
  const json = JSON.stringify(rows.map((j) => ({ p: j.projectId, k: j.kind, r: j.runtimeId ?? null, d: withJobTrace(j.payload), m: j.maxAttempts ?? 5, a: j.delayMs ?? 0 })));
  return sql`insert into jobs (project_id, kind, runtime_id, payload, max_attempts, run_at)
    select r.v->>'p', r.v->>'k', (r.v->>'r')::uuid, r.v->'d', (r.v->>'m')::int, now() + (r.v->>'a')::double precision * interval '1 millisecond'
    from jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) ${onlyWithRuntimeIn(onlyWith, sql`(r.v->>'r')::uuid`)} order by r.n`;
}

interface JobRow {
  id: string | number;
  project_id: string;
  kind: Job["kind"];
  runtime_id: string | null;
  payload: Record<string, unknown> | string;
  status: Job["status"];
  run_at: string | Date;
  attempts: number;
  max_attempts: number;
  locked_until: string | Date | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

const toJob = (r: JobRow): Job => ({
  id: Number(r.id),
  projectId: r.project_id,
  kind: r.kind,
  runtimeId: r.runtime_id,
  payload: typeof r.payload === "string" ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
  status: r.status,
  runAt: new Date(r.run_at),
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  lockedUntil: r.locked_until ? new Date(r.locked_until) : null,
  lockedBy: r.locked_by,
  lastError: r.last_error,
  createdAt: new Date(r.created_at),
  finishedAt: r.finished_at ? new Date(r.finished_at) : null,
});

/** A job a worker may claim now: pending, due, and not leased (or its lease expired). */
const isDue = sql`status = 'pending' and run_at <= now() and (locked_until is null or locked_until < now())`;

/** How a worker fires timers: `perSlot` to a transaction (one slot), at most `max` of them in this claim. */
export interface TimerClaim {
  perSlot: number;
  max: number;
}

/**
 * Claim due jobs for `workerId` in one statement (`FOR UPDATE SKIP LOCKED`), oldest due first, taking each job's
 * lease (`payload.leaseMs`, or the default) and counting the attempt. A job whose lease expired (its worker died)
 * is due again. `slots` is how many units of work the worker can start now: a job is one; with `timers`, timers
 * are fired `timers.perSlot` to a transaction (lib/worker/fire-timers.ts), so up to `timers.max` of them share
 * slots. Never more than can start at once: a claimed job's lease runs from the claim.
 */
export async function claimJobs(db: Db, workerId: string, slots: number, timers?: TimerClaim): Promise<Job[]> {
  const lease = sql`locked_until = now() + make_interval(secs => coalesce((payload->>'leaseMs')::double precision, ${DEFAULT_LEASE_MS}) / 1000.0)`;
  const result = await db.execute(sql`
    update jobs set attempts = attempts + 1, locked_by = ${workerId}, ${lease}
    where id in (${timers && timers.perSlot > 1 ? batchedPick(slots, timers) : sql`select id from jobs where ${isDue} order by run_at, id limit ${slots} for update skip locked`})
    returning *`);
  return rowsOf<JobRow>(result).map(toJob);
}

/**
 * The due rows to claim when timers share slots: in due order, a job costs `perSlot` and a timer 1 (the first
 * `max` timers only), while the running cost fits `slots × perSlot`. Rows locked but not taken are let go at once.
 */
function batchedPick(slots: number, { perSlot, max }: TimerClaim): SQL {
  return sql`select id from (
      select id, sum(case when kind = 'timer' then 1 else ${perSlot}::int end) over (order by run_at, id) as cost
      from (
        select id, kind, run_at, row_number() over (partition by kind = 'timer' order by run_at, id) as nth
        from (select id, kind, run_at from jobs where ${isDue} order by run_at, id limit ${slots + max} for update skip locked) due
      ) ranked
      where kind <> 'timer' or nth <= ${max}
    ) costed where cost <= ${slots * perSlot}`;
}

/**
 * Milliseconds until the soonest pending job that is not due yet comes due (a timer, a scheduled retry), or null
 * when there is none: an idle worker sleeps until then rather than a whole poll interval.
 */
export async function msUntilNextDue(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ ms: number | string | null }>(
    await db.execute(sql`select extract(epoch from (min(run_at) - now())) * 1000 as ms from jobs where status = 'pending' and run_at > now()`),
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/** Whether some job could be claimed now. */
export async function hasDueJobs(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ due: boolean }>(await db.execute(sql`select exists (select 1 from jobs where ${isDue}) as due`));
  return row.due;
}

/** Mark a claimed job done. Only the current lease holder can finish it. */
export async function completeJob(db: Db, job: Job, workerId: string): Promise<void> {
  await db.execute(jobCompletion({ id: job.id, lockedBy: workerId }));
}

/**
 * `completeJob` as a statement, also usable as a CTE body: the step that stores a job's work completes it.
 * A job that is no longer pending (canceled with its runtime while it ran) keeps its status. `finished_at` is
 * when the statement ran (in a transaction that fires a batch of timers, each timer's own moment).
 */
export function jobCompletion(job: Pick<Job, "id" | "lockedBy">): SQL {
  return sql`update jobs set status = 'succeeded', finished_at = clock_timestamp(), locked_until = null, last_error = null
    where ${leaseHeld(job)}`;
}

/** The job's row while `job.lockedBy` still holds its lease and it is pending: the condition of every statement that ends it. */
function leaseHeld(job: Pick<Job, "id" | "lockedBy">): SQL {
  return sql`id = ${job.id}::bigint and locked_by = ${job.lockedBy}::text and status = 'pending'`;
}

/** `jobCompletion` for the claimed jobs of several steps written by one statement: one CTE body whatever their number. */
export function jobsCompletion(jobs: Pick<Job, "id" | "lockedBy">[]): SQL {
  if (jobs.length === 1) return jobCompletion(jobs[0]);
  const leases = JSON.stringify(jobs.map((j) => ({ id: j.id, locked_by: j.lockedBy })));
  return sql`update jobs j set status = 'succeeded', finished_at = clock_timestamp(), locked_until = null, last_error = null
    from jsonb_to_recordset(${leases}::jsonb) as c(id bigint, locked_by text)
    where j.id = c.id and j.id = any(${`{${jobs.map((job) => job.id).join(",")}}`}::bigint[]) and j.locked_by = c.locked_by and j.status = 'pending'`;
}

/**
 * Put a claimed job back to run again after `delayMs`, recording why. A job no longer pending is left as it is: a
 * step that completed it committed although its worker heard of an error (a connection lost after COMMIT).
 */
export async function retryJob(db: Db, job: Job, workerId: string, error: string, delayMs: number): Promise<void> {
  await db.execute(jobRetry({ id: job.id, lockedBy: workerId }, error, delayMs));
}

/** `retryJob` as a statement, also usable as a CTE body: the statement that records an attempt reschedules its job. */
export function jobRetry(job: Pick<Job, "id" | "lockedBy">, error: string, delayMs: number): SQL {
  return sql`update jobs set run_at = now() + ${delayMs}::double precision * interval '1 millisecond', locked_until = null, locked_by = null, last_error = ${error}::text
    where ${leaseHeld(job)}`;
}

/** Give up on a claimed job: it stays in the table as failed with its last error (unless it was canceled meanwhile). */
export async function failJob(db: Db, job: Job, workerId: string, error: string): Promise<void> {
  await db.execute(jobFailure({ id: job.id, lockedBy: workerId }, error));
}

/** `failJob` as a statement, also usable as a CTE body: the statement that records a last attempt fails its job. */
export function jobFailure(job: Pick<Job, "id" | "lockedBy">, error: string): SQL {
  return sql`update jobs set status = 'failed', finished_at = clock_timestamp(), locked_until = null, last_error = ${error}::text
    where ${leaseHeld(job)}`;
}
