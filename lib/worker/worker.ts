import { randomUUID } from "node:crypto";
import os from "node:os";
import type { DbHandle } from "../db/client";
import type { Job } from "../db/schema";
import { claimJobs, JOBS_CHANNEL, msUntilNextDue } from "../jobs/queue";
import { logger } from "../observability/logger";
import { performJob } from "./perform-job";
import { runMaintenance } from "./maintenance";

const MAINTENANCE_EVERY_MS = 10 * 60_000;

export interface WorkerOptions {
  /** Jobs performed at once by this process. Default 16. */
  concurrency?: number;
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

  const perform = async (job: Job) => void (await performJob(handle.db, job, id, log));

  let nextMaintenance = Date.now() + 30_000;
  const loop = (async () => {
    while (running) {
      if (Date.now() >= nextMaintenance) {
        nextMaintenance = Date.now() + MAINTENANCE_EVERY_MS;
        await runMaintenance(handle.db).catch((error) => log(`[worker] maintenance failed: ${error instanceof Error ? error.message : error}`));
      }
      pending = false;
      const free = concurrency - inFlight.size;
      let claimed: Job[] = [];
      if (free <= 0) lastPollAt = Date.now();
      else {
        try {
          claimed = await claimJobs(handle.db, id, free);
          lastPollAt = Date.now();
        } catch (error) {
          if (running) log(`[worker] claim failed: ${error instanceof Error ? error.message : error}`);
        }
      }
      for (const job of claimed) {
        const task = perform(job).finally(() => {
          inFlight.delete(task);
          wake?.();
        });
        inFlight.add(task);
      }
      if (claimed.length > 0 && claimed.length === free) continue;
      if (pending) continue;
      const sleepMs = free > claimed.length ? await sleepUntilNextDue(handle, pollMs) : pollMs;
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

/** The poll interval, or less when a pending job comes due sooner (a few ms late, so it is due when claimed). */
async function sleepUntilNextDue(handle: DbHandle, pollMs: number): Promise<number> {
  const ms = await msUntilNextDue(handle.db).catch(() => null);
  return ms === null ? pollMs : Math.min(pollMs, Math.max(0, Math.ceil(ms)) + 5);
}
