// `npm run worker`: a job worker process (plugin calls, webhook deliveries, timers) on the PostgreSQL at
// DATABASE_URL. Start as many as needed; they share the outbox through FOR UPDATE SKIP LOCKED. `npm start` runs
// WORKER_PROCESSES of them itself (scripts/start.mjs); then this process reports its health to that parent, which
// relays it to the web servers' readiness, and stops when the parent goes away. Logs are JSON lines on stdout;
// METRICS_PORT serves this process's metrics at /metrics (bearer METRICS_TOKEN); OTEL_EXPORTER_OTLP_ENDPOINT turns
// tracing on.
import { getDbHandle } from "../lib/db/client";
import { env } from "../lib/config/env";
import { serveMetrics } from "../lib/metrics/serve-metrics";
import { errorMessage, logger } from "../lib/observability/logger";
import { startTracing } from "../lib/observability/start-tracing";
import { reportWorkerHealth } from "../lib/readiness/report-worker-health";
import { startWorker } from "../lib/worker/worker";

async function main(): Promise<void> {
  // `ps` and /proc show which process is the worker (Linux keeps the first 15 characters as its name).
  process.title = "kyc-worker";
  if (!env().DATABASE_URL) {
    logger().error("DATABASE_URL is not set. The embedded database belongs to the app process, whose in-process worker already runs; separate workers need a PostgreSQL server.");
    process.exit(2);
  }
  const tracing = await startTracing();
  const handle = await getDbHandle();
  const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 16);
  const timerBatch = Number(process.env.WORKER_TIMER_BATCH ?? 20);
  const worker = await startWorker(handle, { concurrency, timerBatch });
  const metricsPort = Number(process.env.METRICS_PORT ?? 0);
  const metricsServer = metricsPort > 0 ? serveMetrics(metricsPort, env().METRICS_TOKEN) : undefined;
  const stopReporting = reportWorkerHealth(worker);
  logger().info({ workerId: worker.id, concurrency, timerBatch }, "worker started");
  let stopping: Promise<void> | undefined;
  const shutdown = (why: string) =>
    (stopping ??= (async () => {
      logger().info({ workerId: worker.id, why }, "worker stopping: finishing the jobs in flight");
      stopReporting();
      await worker.stop();
      metricsServer?.close();
      await tracing?.shutdown();
      await handle.close();
      logger().info({ workerId: worker.id }, "worker stopped");
      process.exit(0);
    })());
  // `on`, not `once`: a terminal's Ctrl-C reaches this process and `npm start` alike, which passes it on again.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Started by `npm start`: a parent that is gone (killed outright) leaves no orphan worker behind.
  if (process.send) process.once("disconnect", () => void shutdown("its parent process is gone"));
}

main().catch((error) => {
  logger().error({ error: errorMessage(error) }, "worker failed to start");
  process.exit(1);
});
