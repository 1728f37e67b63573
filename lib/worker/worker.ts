import { randomUUID } from "node:crypto";
import os from "node:os";
import type { DbHandle } from "../db/client";
import type { Job } from "../db/schema";
import { claimJobs, JOBS_CHANNEL, msUntilNextDue } from "../jobs/queue";
import { logger } from "../observability/logger";
import { fireTimers } from "./fire-timers";
import { performJob } from "./perform-job";
import { runMaintenance } from "./maintenance";

const MAINTENANCE_EVERY_MS = 10 * 60_000;

export interface WorkerOptions {
  /** Jobs performed at once by this worker (a batch of timers counts as one). Default 16. */
  concurrency?: number;
  /** Due timers fired in one transaction (`fireTimers`). Default 20; 1 fires each in its own. */
  timerBatch?: number;
  /** Batches of timers fired at once (each holds a database connection while it runs). Default 4. */
  timerConcurrency?: number;
  /**
   * While jobs are in flight, the worker claims at most once per this interval: the slots freed and the jobs
   * announced meanwhile are taken by one claim, rather than one claim per job under load. Default 5 ms. An idle
   * worker claims at once.
   */
  claimIntervalMs?: number;
  /**
   * Poll interval when no notification arrives (other processes' leases). Default 500 ms. A worker with free
   * slots sleeps less when a job (a timer, a scheduled retry) comes due sooner.
   */
  pollMs?: number;
  /** `health()` calls the worker stalled when its last poll is older than this. Default: 3 × pollMs, at least 5 s. */
  stallAfterMs?: number;
  log?: (line: string) => void;
}

/** Whether the worker's loop is alive, for readiness: `stalled` once no poll completed within `stallAfterMs`. */
export interface WorkerHealth {
  running: boolean;
  stalled: boolean;
  /** Milliseconds since the loop last completed a poll (a claim, or a pass with every slot busy). */
  sinceLastPollMs: number;
  stallAfterMs: number;
}

export interface RunningWorker {
  id: string;
  /** Stop claiming, wait for the jobs in flight, and unsubscribe. */
  stop(): Promise<void>;
  health(): WorkerHealth;
}

/**
 * Start a job worker on `handle`: it claims due outbox jobs (`FOR UPDATE SKIP LOCKED`), performs them outside
 * any transaction and records the outcome. It wakes on NOTIFY when jobs are committed and polls as a fallback.
 * Any number of workers, in any number of processes, may share one PostgreSQL database.
 */
export async function startWorker(handle: DbHandle, options: WorkerOptions = {}): Promise<RunningWorker> {
  const id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 16;
  const pollMs = options.pollMs ?? 500;
  // A claim or a maintenance pass on a busy server may take a few seconds; readiness must not flap for that.
  const stallAfterMs = options.stallAfterMs ?? Math.max(3 * pollMs, 5_000);
  let lastPollAt = Date.now();
  const log = options.log ?? ((line: string) => logger().warn(line));
  const inFlight = new Set<Promise<void>>();
  let running = true;
  let wake: (() => void) | undefined;
  let pending = false;
  const notify = () => {
    pending = true;
    wake?.();
  };
  // After a dropped LISTEN connection, jobs committed in between were not announced: look for them at once.
  const unlisten = await handle.listen(JOBS_CHANNEL, notify, notify);

  const timerBatch = Math.max(1, options.timerBatch ?? 20);
  const timerConcurrency = Math.max(1, options.timerConcurrency ?? 4);
  const claimIntervalMs = options.claimIntervalMs ?? 5;
  let timerBatchesInFlight = 0;
  const perform = (batch: Job[]): Promise<unknown> => {
    if (batch[0].kind !== "timer") return performJob(handle.db, batch[0], id, log);
    timerBatchesInFlight++;
    return fireTimers(handle.db, batch, id, log).finally(() => timerBatchesInFlight--);
  };

  let nextMaintenance = Date.now() + 30_000;
  let lastClaimAt = 0;
  const loop = (async () => {
    while (running) {
      if (Date.now() >= nextMaintenance) {
        nextMaintenance = Date.now() + MAINTENANCE_EVERY_MS;
        await runMaintenance(handle.db).catch((error) => log(`[worker] maintenance failed: ${error instanceof Error ? error.message : error}`));
      }
      const holdOff = inFlight.size > 0 ? lastClaimAt + claimIntervalMs - Date.now() : 0;
      if (holdOff > 0) await new Promise((resolve) => setTimeout(resolve, holdOff));
      pending = false;
      const free = concurrency - inFlight.size;
      const timers = { perSlot: timerBatch, max: Math.max(0, Math.min(free, timerConcurrency - timerBatchesInFlight)) * timerBatch };
      let claimed: Job[] = [];
      if (free <= 0) lastPollAt = Date.now();
      else {
        try {
          lastClaimAt = Date.now();
          claimed = await claimJobs(handle.db, id, free, timers);
          lastPollAt = Date.now();
        } catch (error) {
          if (running) log(`[worker] claim failed: ${error instanceof Error ? error.message : error}`);
        }
      }
      const batches = batchesOf(claimed, timerBatch);
      for (const batch of batches) {
        const task = perform(batch)
          .then(() => undefined)
          .finally(() => {
            inFlight.delete(task);
            wake?.();
          });
        inFlight.add(task);
      }
      if (pending) continue;
      // With slots left, wake when the next job (a timer, a scheduled retry) comes due; else when a job finishes.
      const sleepMs = free - batches.length > 0 ? await sleepUntilNextDue(handle, pollMs) : pollMs;
      if (pending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, sleepMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    id,
    async stop() {
      running = false;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
      await unlisten().catch(() => undefined);
    },
    health() {
      const sinceLastPollMs = Date.now() - lastPollAt;
      return { running, stalled: !running || sinceLastPollMs > stallAfterMs, sinceLastPollMs, stallAfterMs };
    },
  };
}

/** Claimed jobs as units of work, due first: each job alone, timers `timerBatch` to a batch. */
function batchesOf(claimed: Job[], timerBatch: number): Job[][] {
  const due = [...claimed].sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  const timers = due.filter((j) => j.kind === "timer");
  const batches = due.filter((j) => j.kind !== "timer").map((j) => [j]);
  for (let i = 0; i < timers.length; i += timerBatch) batches.push(timers.slice(i, i + timerBatch));
  return batches;
}

/** The poll interval, or less when a pending job comes due sooner (a few ms late, so it is due when claimed). */
async function sleepUntilNextDue(handle: DbHandle, pollMs: number): Promise<number> {
  const ms = await msUntilNextDue(handle.db).catch(() => null);
  return ms === null ? pollMs : Math.min(pollMs, Math.max(0, Math.ceil(ms)) + 5);
}
