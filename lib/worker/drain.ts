import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Db } from "../db/client";
import { claimJobs, hasDueJobs } from "../jobs/queue";
import { logger } from "../observability/logger";
import { runMaintenance } from "./maintenance";
import { performJob } from "./perform-job";

export interface DrainSummary {
  performed: number;
  succeeded: number;
  retried: number;
  failed: number;
  /** True when the time budget ran out while jobs were still due. */
  budgetExhausted: boolean;
}

/**
 * Perform due jobs until none are left or `budgetMs` has passed, then wait for the ones in flight: the
 * worker for hosts without long-running processes (a scheduled serverless function; see the
 * `/api/internal/jobs/drain` route). Jobs that become due meanwhile (a vendor result that starts a webhook
 * plugin) are taken in the same call. Runs the worker's housekeeping once first. Leave the host's time limit
 * room for the jobs in flight: each is bounded by its own timeout, and a job cut off anyway is taken again
 * once its lease expires.
 */
export async function drainJobs(db: Db, options: { budgetMs: number; concurrency?: number; log?: (line: string) => void }): Promise<DrainSummary> {
  const id = `drain:${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 16;
  const log = options.log ?? ((line: string) => logger().warn(line));
  const deadline = Date.now() + options.budgetMs;
  const summary: DrainSummary = { performed: 0, succeeded: 0, retried: 0, failed: 0, budgetExhausted: false };
  await runMaintenance(db).catch((error) => log(`[drain] maintenance failed: ${error instanceof Error ? error.message : error}`));

  const inFlight = new Set<Promise<void>>();
  for (;;) {
    if (Date.now() >= deadline) {
      summary.budgetExhausted = await hasDueJobs(db);
      break;
    }
    const free = concurrency - inFlight.size;
    const claimed = free > 0 ? await claimJobs(db, id, free) : [];
    for (const job of claimed) {
      const task = performJob(db, job, id, log).then((outcome) => {
        summary.performed++;
        if (outcome.type === "done") summary.succeeded++;
        else if (outcome.type === "retry") summary.retried++;
        else summary.failed++;
      });
      const tracked = task.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    }
    if (claimed.length === 0 && inFlight.size === 0) break;
    if (claimed.length === 0 || inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.allSettled([...inFlight]);
  return summary;
}
