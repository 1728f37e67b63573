import { sql } from "drizzle-orm";
import { fireTimer, unchanged } from "../engine";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { Job } from "../db/schema";
import { DONE_AND_RECORDED, type JobOutcome } from "../jobs/outcome";
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
 * `workflow.sla.breached` and appends its history row. The step completes the job in its statement.
 */
export async function runTimerJob(db: Db, job: Job): Promise<JobOutcome> {
  const p = job.payload as unknown as TimerJobPayload;
  const completesJob = { id: job.id, lockedBy: job.lockedBy };
  await step(db, { projectId: job.projectId, runtimeId: p.runtimeId }, (locked) => decideTimer(locked, p, completesJob), (tx) => stillLeased(tx, job));
  return DONE_AND_RECORDED;
}

function decideTimer({ runtime, compiled, snapshot }: LockedRuntime, p: TimerJobPayload, completesJob: Pick<Job, "id" | "lockedBy">): Decision {
  const timer = { jobId: completesJob.id, node: p.node, ...(p.timer === "after" ? { after: p.delay } : { deadline: p.timer }) };
  if (p.timer === "after") {
    return { result: fireTimer(compiled, snapshot, { node: p.node, delay: p.delay }), cause: { eventName: `after ${p.delay}`, payload: { timer }, actor: SYSTEM_ACTOR, completesJob } };
  }
  const eventName = p.timer === "sla_warning" ? "workflow.sla.warning" : "workflow.sla.breached";
  const dueAt = runtime.dueAt?.toISOString() ?? null;
  return {
    result: unchanged(snapshot),
    cause: {
      eventName,
      actor: SYSTEM_ACTOR,
      completesJob,
      recordTransition: false,
      events: [{ eventName }],
      history: [{ kind: p.timer, eventName, payload: { timer, dueAt }, fromState: runtime.state, toState: runtime.state, actorType: "system" }],
    },
  };
}

async function stillLeased(tx: Db, job: Job): Promise<boolean> {
  const rows = rowsOf(await tx.execute(sql`select 1 from jobs where id = ${job.id}::bigint and status = 'pending' and locked_by = ${job.lockedBy}::text`));
  return rows.length > 0;
}
