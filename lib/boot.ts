import { getDbHandle, type DbHandle } from "./db/client";
import { bootstrap } from "./bootstrap/bootstrap";
import { env } from "./config/env";
import { errorMessage, logger } from "./observability/logger";
import { setInProcessWorker, setPhase, setWorkerProcesses } from "./readiness/process-state";
import { followWorkerProcesses } from "./readiness/worker-processes";
import type { RunningWorker } from "./worker/worker";

const BOOTED = Symbol.for("kyc.booted");

/**
 * Process start-up for the app server: open and migrate the database, seed, and start the in-process worker
 * (unless `RUN_WORKER=false`, which `npm start` sets when it runs the worker in processes of its own; readiness
 * then follows those). Runs once per process; a failure is logged and the server stays up so
 * `/api/health` can report it. `/api/health/ready` answers 503 until this has finished (`lib/readiness`).
 */
export async function boot(): Promise<void> {
  const g = globalThis as { [BOOTED]?: Promise<void> };
  g[BOOTED] ??= (async () => {
    try {
      const handle = await getDbHandle();
      await bootstrap(handle.db);
      logger().info({ database: handle.kind }, "database ready"); // bootstrap() logged the environment and why
      let worker: RunningWorker | undefined;
      if (env().RUN_WORKER !== false) {
        const { startWorker } = await import("./worker/worker");
        worker = await startWorker(handle);
        setInProcessWorker(worker);
        logger().info({ workerId: worker.id }, "in-process worker started (RUN_WORKER=false to run workers separately)");
      } else {
        const processes = followWorkerProcesses();
        setWorkerProcesses(processes);
        if (processes) logger().info({ workerProcesses: processes.expected }, "the job worker runs in processes of its own (npm start, WORKER_PROCESSES)");
      }
      for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => finishBeforeExit(handle, worker));
      setPhase("ready");
    } catch (error) {
      logger().error({ error: errorMessage(error) }, "start-up failed");
      setPhase("failed");
      delete g[BOOTED];
    }
  })();
  return g[BOOTED];
}

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * On SIGTERM/SIGINT Next.js closes its HTTP server (letting requests in flight finish) and then calls
 * `process.exit`. Readiness answers 503 from the signal on. Hold that exit until the in-process worker has
 * stopped too (its jobs in flight finished, bounded by the worker's own stop), so a deploy does not leave jobs
 * to wait out their lease, then send the rate limiter's last counts and close the database (the pool's
 * connections end cleanly; PGlite flushes its folder). Without a server exit (another host, or
 * `NEXT_MANUAL_SIG_HANDLE`), exit once the worker has stopped and the grace period has passed.
 */
function finishBeforeExit(handle: DbHandle, worker: RunningWorker | undefined): void {
  setPhase("stopping");
  const exit = process.exit.bind(process);
  const stopped = (worker?.stop() ?? Promise.resolve()).catch((error) => logger().error({ error: errorMessage(error) }, "worker stop failed"));
  let code: number | undefined;
  process.exit = ((requested?: number) => {
    code = requested ?? 0;
    void stopped
      .then(() => flushRateLimitCounts(handle))
      .then(() => handle.close())
      .catch((error) => logger().error({ error: errorMessage(error) }, "closing the database failed"))
      .then(() => exit(code));
  }) as typeof process.exit;
  const deadline = setTimeout(() => exit(code ?? 0), SHUTDOWN_GRACE_MS);
  void stopped.then(() => deadline.unref());
}

/** The last requests' rate-limit counts go to the database before it closes (the limiter sends them on a timer). */
async function flushRateLimitCounts(handle: DbHandle): Promise<void> {
  const { apiRateLimiter } = await import("./api/rate-limit/rate-limit");
  await apiRateLimiter(handle.db).flushAll();
}
