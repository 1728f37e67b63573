// `npm run worker`: a job worker process (plugin calls, webhook deliveries) on the PostgreSQL at DATABASE_URL.
// Start as many as needed; they share the outbox through FOR UPDATE SKIP LOCKED.
import { getDbHandle } from "../lib/db/client";
import { env } from "../lib/config/env";
import { startWorker } from "../lib/worker/worker";

async function main(): Promise<void> {
  if (!env().DATABASE_URL) {
    console.error("[worker] DATABASE_URL is not set. The embedded database belongs to the app process, whose in-process worker already runs; separate workers need a PostgreSQL server.");
    process.exit(2);
  }
  const handle = await getDbHandle();
  const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 16);
  const worker = await startWorker(handle, { concurrency });
  console.log(`[worker] ${worker.id} started with concurrency ${concurrency}`);
  const shutdown = async () => {
    await worker.stop();
    await handle.close();
    process.exit(0);
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

main().catch((error) => {
  console.error("[worker] failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
