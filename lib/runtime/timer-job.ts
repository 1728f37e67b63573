import { sql } from "drizzle-orm";
import { fireTimer, unchanged } from "../engine";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { Job } from "../db/schema";
import { DONE_AND_RECORDED, type JobOutcome } from "../jobs/outcome";
import { metrics } from "../observability/metrics";
import { inTransaction } from "../db/transaction";
import { lockRuntimes } from "./locked-runtime";
import type { Decision, LockedRuntime } from "./step";
import { stepManyAcrossProjects } from "./step-many";
import type { TimerJobPayload } from "./timer-jobs";
import { SYSTEM_ACTOR } from "./types";

/**
 * Handle a `timer` job through the one step path. Under the runtime's row lock, the timer must still be pending
 * and leased to this worker: a step that left its state (or re-entered it, or canceled or moved the runtime)
 * voided it in its own statement, and a worker whose lease ran out lost it to another; either way nothing
 * happens, so a timer never fires twice. A delayed transition is taken by `fireTimer` (history: event
 * `after <delay>` with `{ timer }`); a deadline's warning or breach emits `workflow.sla.warning` or
 * `workflow.sla.breached` and appends its history row (a breach whose warning is still pending emits both, in
 * order; see `checkLeases`). The step completes the job in its statement.
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
  definitionId: string | null;
}

/**
 * `runTimerJob` without its metric, for a caller whose transaction `db` may still roll back: it counts the breaches
 * with `countBreach` once that has committed. `fireTimerJobs` for one timer, taking its runtime's row lock first.
 */
export async function fireTimerJob(db: Db, job: Job): Promise<FiredTimer> {
  return inTransaction(db, async (tx) => {
    await lockRuntimes(tx, [{ projectId: job.projectId, runtimeId: (job.payload as unknown as TimerJobPayload).runtimeId }]);
    const [fired] = await fireTimerJobs(tx, [job]);
    return fired;
  });
}

/**
 * `fireTimerJob` for many claimed timers, in the caller's transaction (which holds their runtimes' row locks, taken
 * in id order) and in the order given (due order), at a few statements per batch rather than per timer. The timers
 * go in rounds, round k holding each runtime's k-th timer: a round checks every lease in one statement
 * (`checkLeases`) and steps its runtimes through `stepMany`, one statement per project; so a timer that an
 * earlier round's step voided (it left the state) is found no longer pending, as it would be on its own.
 * `inScope[i]`, when given, is the scope timer i's step runs in and its jobs carry. A step that fails throws
 * (the caller rolls the batch back).
 */
export async function fireTimerJobs(tx: Db, jobs: Job[], inScope?: (<R>(fn: () => R) => R)[]): Promise<FiredTimer[]> {
  const out: FiredTimer[] = new Array(jobs.length);
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  jobs.forEach((job, i) => {
    const runtimeId = (job.payload as unknown as TimerJobPayload).runtimeId;
    const round = seen.get(runtimeId) ?? 0;
    seen.set(runtimeId, round + 1);
    (rounds[round] ??= []).push(i);
  });
  for (const round of rounds) {
    const leases = await checkLeases(tx, round.map((i) => jobs[i]));
    const valid: number[] = [];
    for (const i of round) {
      const p = jobs[i].payload as unknown as TimerJobPayload;
      out[i] = { fired: false, timer: p.timer, definitionId: null };
      if (leases.has(jobs[i].id)) valid.push(i);
    }
    const requests = valid.map((i) => {
      const job = jobs[i];
      const p = job.payload as unknown as TimerJobPayload;
      const warned = leases.get(job.id)!;
      return { projectId: job.projectId, runtimeId: p.runtimeId, decide: (locked: LockedRuntime) => decideTimer(locked, p, { id: job.id, lockedBy: job.lockedBy }, warned), inScope: inScope?.[i] };
    });
    (await stepManyAcrossProjects(tx, requests)).forEach((o, k) => {
      if (!o.ok) throw o.error;
      out[valid[k]] = { fired: true, timer: out[valid[k]].timer, definitionId: o.value.runtime.workflowDefinitionId };
    });
  }
  return out;
}

/** Count a committed breach in `kyc_sla_breaches_total`. */
export function countBreach({ fired, timer, definitionId }: FiredTimer): void {
  if (fired && definitionId && timer === "sla_breached") metrics().slaBreaches.inc({ definition: definitionId });
}

/**
 * The pure decision of a timer's step on its locked runtime: a delayed transition through `fireTimer`, or a
 * deadline's `sla_warning`/`sla_breached` (both, warning first, when `warnedNow`) as history and events of their own
 * with the state unchanged. The step completes `completesJob`.
 */
export function decideTimer({ runtime, compiled, snapshot }: LockedRuntime, p: TimerJobPayload, completesJob: Pick<Job, "id" | "lockedBy">, warnedNow: boolean): Decision {
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
 * Under the runtimes' row locks, in one statement for timers of distinct runtimes: which are still pending and
 * leased to their worker (locking their job rows: a lease that runs out before the step's statement completes the
 * job cannot be claimed by another worker meanwhile, whose claim skips the row), by id, each with whether it is a
 * breach that completed its runtime's pending warning now. A breach whose warning has not fired yet (both came due
 * while no worker ran, and were claimed apart) completes that warning so the breach's step emits it first: the
 * warning is never sent after the breach, nor twice (its own step then finds it no longer pending).
 */
async function checkLeases(tx: Db, jobs: Job[]): Promise<Map<number, boolean>> {
  const leases = JSON.stringify(jobs.map((j) => ({ id: j.id, locked_by: j.lockedBy, runtime_id: (j.payload as unknown as TimerJobPayload).runtimeId, breach: (j.payload as unknown as TimerJobPayload).timer === "sla_breached" })));
  const rows = rowsOf<{ id: string | number; warned: boolean }>(
    await tx.execute(sql`
      with mine as (
        select j.id, j.project_id, c.runtime_id, c.breach from jobs j
        join jsonb_to_recordset(${leases}::jsonb) as c(id bigint, locked_by text, runtime_id uuid, breach boolean) on j.id = c.id and j.locked_by = c.locked_by
        where j.id = any(${`{${jobs.map((j) => j.id).join(",")}}`}::bigint[]) and j.status = 'pending'
        for update of j
      ),
      warned as (
        update jobs w set status = 'succeeded', finished_at = now(), locked_until = null
        from mine m
        where m.breach and w.runtime_id = m.runtime_id and w.project_id = m.project_id and w.kind = 'timer' and w.status = 'pending' and w.payload->>'timer' = 'sla_warning'
        returning m.id
      )
      select m.id, exists (select 1 from warned where warned.id = m.id) as warned from mine m`),
  );
  return new Map(rows.map((r) => [Number(r.id), r.warned]));
}

