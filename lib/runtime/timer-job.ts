import { sql } from "drizzle-orm";
import { fireTimer, unchanged } from "../engine";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { Job } from "../db/schema";
import { DONE_AND_RECORDED, type JobOutcome } from "../jobs/outcome";
import { metrics } from "../observability/metrics";
import type { Decision, LockedRuntime } from "./step";
import { step } from "./step";
import type { TimerJobPayload } from "./timer-jobs";
import { SYSTEM_ACTOR } from "./types";

/**
 * Handle a `timer` job through the one step path. Under the runtime's row lock, the timer must still be pending
 * and leased to this worker: a step that left its state (or re-entered it, or canceled or moved the runtime)
 * voided it in its own statement, and a worker whose lease ran out lost it to another; either way nothing
 * happens, so a timer never fires twice. A delayed transition is taken by `fireTimer` (history: event
 * `after <delay>` with `{ timer }`); a deadline's warning or breach emits `workflow.sla.warning` or
 * `workflow.sla.breached` and appends its history row (a breach whose warning is still pending emits both, in
 * order; see `checkLease`). The step completes the job in its statement.
 */
export async function runTimerJob(db: Db, job: Job): Promise<JobOutcome> {
  const fired = await fireTimerJob(db, job);
  countBreach(fired);
  return DONE_AND_RECORDED;
}

/** What `fireTimerJob` did: whether the timer fired (it may have been void) and, if so, the runtime's definition. */
export interface FiredTimer {
  fired: boolean;
  timer: TimerJobPayload["timer"];
  definitionId: string;
}

/**
 * `runTimerJob` without its metric, for a caller whose transaction `db` may still roll back (a batch of timers
 * fired in one transaction): it counts the breaches with `countBreach` once that has committed.
 */
export async function fireTimerJob(db: Db, job: Job): Promise<FiredTimer> {
  const p = job.payload as unknown as TimerJobPayload;
  const completesJob = { id: job.id, lockedBy: job.lockedBy };
  let warnedNow = false;
  let fired = false;
  const { runtime } = await step(
    db,
    { projectId: job.projectId, runtimeId: p.runtimeId },
    (locked) => decideTimer(locked, p, completesJob, warnedNow),
    async (tx) => {
      const lease = await checkLease(tx, job, p);
      warnedNow = lease.warned;
      fired = lease.valid;
      return lease.valid;
    },
  );
  return { fired, timer: p.timer, definitionId: runtime.workflowDefinitionId };
}

/** Count a committed breach in `kyc_sla_breaches_total`. */
export function countBreach({ fired, timer, definitionId }: FiredTimer): void {
  if (fired && timer === "sla_breached") metrics().slaBreaches.inc({ definition: definitionId });
}

function decideTimer({ runtime, compiled, snapshot }: LockedRuntime, p: TimerJobPayload, completesJob: Pick<Job, "id" | "lockedBy">, warnedNow: boolean): Decision {
  const timer = { jobId: completesJob.id, node: p.node, ...(p.timer === "after" ? { after: p.delay } : { deadline: p.timer }) };
  if (p.timer === "after") {
    return { result: fireTimer(compiled, snapshot, { node: p.node, delay: p.delay }), cause: { eventName: `after ${p.delay}`, payload: { timer }, actor: SYSTEM_ACTOR, completesJob } };
  }
  const dueAt = runtime.dueAt?.toISOString() ?? null;
  const kinds = p.timer === "sla_breached" && warnedNow ? (["sla_warning", "sla_breached"] as const) : [p.timer];
  const eventNameOf = (kind: "sla_warning" | "sla_breached") => (kind === "sla_warning" ? "workflow.sla.warning" : "workflow.sla.breached");
  return {
    result: unchanged(snapshot),
    cause: {
      eventName: eventNameOf(p.timer),
      actor: SYSTEM_ACTOR,
      completesJob,
      recordTransition: false,
      events: kinds.map((kind) => ({ eventName: eventNameOf(kind) })),
      history: kinds.map((kind) => ({ kind, eventName: eventNameOf(kind), payload: { timer: { ...timer, deadline: kind }, dueAt }, fromState: runtime.state, toState: runtime.state, actorType: "system" as const })),
    },
  };
}

/**
 * Under the runtime's row lock, in one statement: whether the timer is still pending and leased to this worker
 * (locking its job row: a lease that runs out before the step's statement completes the job cannot be claimed by
 * another worker meanwhile, whose claim skips the row), and, for a breach whose warning has not fired yet (both came
 * due while no worker ran, and were claimed together), completes that warning so the breach's step emits it first:
 * the warning is never sent after the breach, nor twice (its own step then finds it no longer pending).
 */
async function checkLease(tx: Db, job: Job, p: TimerJobPayload): Promise<{ valid: boolean; warned: boolean }> {
  const [row] = rowsOf<{ valid: boolean; warned: number }>(
    await tx.execute(sql`
      with mine as (select 1 from jobs where id = ${job.id}::bigint and status = 'pending' and locked_by = ${job.lockedBy}::text for update),
      warned as (
        update jobs set status = 'succeeded', finished_at = now(), locked_until = null
        where ${p.timer === "sla_breached"}::boolean and exists (select 1 from mine)
          and runtime_id = ${p.runtimeId}::uuid and project_id = ${job.projectId}::text and kind = 'timer' and status = 'pending' and payload->>'timer' = 'sla_warning'
        returning id
      )
      select exists (select 1 from mine) as valid, (select count(*)::int from warned) as warned`),
  );
  return { valid: row.valid, warned: row.warned > 0 };
}
