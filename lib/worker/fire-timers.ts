import type { Db } from "../db/client";
import type { Job } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { DONE_AND_RECORDED } from "../jobs/outcome";
import { lockRuntimes } from "../runtime/locked-runtime";
import { countBreach, fireTimerJobs, type FiredTimer } from "../runtime/timer-job";
import { startObservation } from "./observe-job";
import { performJob } from "./perform-job";

/**
 * Fire a claimed batch of timers in one transaction: it locks their runtimes first, in id order (`lockRuntimes`,
 * so two batches that share runtimes cannot deadlock), then fires the timers in due order through the many-runtime
 * step path (`fireTimerJobs`: the lease checks under the row locks, the steps that complete the jobs, a few
 * statements for the whole batch), each step in its own job's scope. The batch commits once, so a burst of due
 * timers costs a commit and a few statements per batch rather than per timer; its runtimes stay locked until then.
 *
 * If any step fails, the whole batch rolls back (none of it is stored) and each timer is performed on its own
 * (`performJob`, with its retries), so a timer that cannot fire fails alone. Each timer's attempt is logged
 * once: after the commit, or by its own attempt.
 */
export async function fireTimers(db: Db, jobs: Job[], workerId: string, log: (line: string) => void): Promise<void> {
  if (jobs.length === 1) {
    await performJob(db, jobs[0], workerId, log);
    return;
  }
  const ordered = [...jobs].sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  const observations = ordered.map(startObservation);
  let fired: FiredTimer[];
  try {
    fired = await inTransaction(db, async (tx) => {
      await lockRuntimes(tx, ordered.map((j) => ({ projectId: j.projectId, runtimeId: (j.payload as { runtimeId: string }).runtimeId })));
      return fireTimerJobs(tx, ordered, observations.map((o) => o.run));
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const o of observations) o.discard(`rolled back with its batch: ${message}`);
    log(`[worker] a batch of ${ordered.length} timers rolled back (${message}); firing each on its own`);
    for (const job of ordered) await performJob(db, job, workerId, log);
    return;
  }
  for (const f of fired) countBreach(f);
  for (const o of observations) o.end(DONE_AND_RECORDED);
}
