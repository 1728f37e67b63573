import { getDbHandle } from "./db/client";
import { bootstrap } from "./bootstrap/bootstrap";
import { env } from "./config/env";

const BOOTED = Symbol.for("kyc.booted");

/**
 * Process start-up for the app server: open and migrate the database, seed, and start the in-process worker
 * (unless `RUN_WORKER=false`). Runs once per process; a failure is logged and the server stays up so
 * `/api/health` can report it.
 */
export async function boot(): Promise<void> {
  const g = globalThis as { [BOOTED]?: Promise<void> };
  g[BOOTED] ??= (async () => {
    try {
      const handle = await getDbHandle();
      await bootstrap(handle.db);
      console.log(`[boot] database ready (${handle.kind}), environment ${env().APP_ENVIRONMENT}`);
      if (env().RUN_WORKER !== false) {
        const { startWorker } = await import("./worker/worker");
        const worker = await startWorker(handle);
        console.log(`[boot] in-process worker ${worker.id} started (RUN_WORKER=false to run workers separately)`);
        // Listening for a signal replaces Node's default exit, so finish the jobs in flight (bounded) and exit.
        const shutdown = () => {
          const timer = setTimeout(() => process.exit(0), 10_000);
          void worker.stop().finally(() => {
            clearTimeout(timer);
            process.exit(0);
          });
        };
        for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, shutdown);
      }
    } catch (error) {
      console.error("[boot] start-up failed:", error instanceof Error ? error.message : error);
      delete g[BOOTED];
    }
  })();
  return g[BOOTED];
}
