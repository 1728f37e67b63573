import type { Db } from "../db/client";
import type { Job } from "../db/schema";
import { completeJob, failJob, retryJob } from "../jobs/queue";
import type { JobOutcome } from "../jobs/outcome";
import { observeJob } from "./observe-job";
import { runJob } from "./run-job";

/**
 * Perform one claimed job and record its outcome (succeeded, retry later, failed) as the lease holder
 * `workerId`. A handler that throws is retried with a growing delay until its attempts run out. Never
 * throws: a failure to record the outcome is logged, and the lease expiring makes the job due again. Each attempt
 * is logged and measured with the request id of the request that enqueued the job (`observeJob`).
 */
export function performJob(db: Db, job: Job, workerId: string, log: (line: string) => void): Promise<JobOutcome> {
  return observeJob(job, () => attempt(db, job, workerId, log));
}

async function attempt(db: Db, job: Job, workerId: string, log: (line: string) => void): Promise<JobOutcome> {
  let outcome: JobOutcome;
  try {
    outcome = await runJob(db, job);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`[worker] job ${job.id} (${job.kind}) attempt ${job.attempts} threw: ${message}`);
    outcome = job.attempts < job.maxAttempts ? { type: "retry", delayMs: 1000 * job.attempts, error: message } : { type: "failed", error: message };
  }
  try {
    if (outcome.recorded) return outcome;
    if (outcome.type === "done") await completeJob(db, job, workerId);
    else if (outcome.type === "retry") await retryJob(db, job, workerId, outcome.error, outcome.delayMs);
    else await failJob(db, job, workerId, outcome.error);
  } catch (error) {
    log(`[worker] could not record the outcome of job ${job.id}: ${error instanceof Error ? error.message : error}`);
  }
  return outcome;
}
