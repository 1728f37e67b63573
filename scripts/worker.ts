// `npm run worker`: a job worker process (plugin calls, webhook deliveries) on the PostgreSQL at DATABASE_URL.
// Start as many as needed; they share the outbox through FOR UPDATE SKIP LOCKED. Logs are JSON lines on stdout;
// METRICS_PORT serves this process's metrics at /metrics (bearer METRICS_TOKEN); OTEL_EXPORTER_OTLP_ENDPOINT
// turns tracing on.
import { getDbHandle } from "../lib/db/client";
import { env } from "../lib/config/env";
import { serveMetrics } from "../lib/metrics/serve-metrics";
import { errorMessage, logger } from "../lib/observability/logger";
import { startTracing } from "../lib/observability/start-tracing";
import { startWorker } from "../lib/worker/worker";

async function main(): Promise<void> {
  if (!env().DATABASE_URL) {
    logger().error("DATABASE_URL is not set. The embedded database belongs to the app process, whose in-process worker already runs; separate workers need a PostgreSQL server.");
    process.exit(2);
  }
  const tracing = await startTracing();
  const handle = await getDbHandle();
  const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 16);
  const worker = await startWorker(handle, { concurrency });
  const metricsPort = Number(process.env.METRICS_PORT ?? 0);
  const metricsServer = metricsPort > 0 ? serveMetrics(metricsPort, env().METRICS_TOKEN) : undefined;
  logger().info({ workerId: worker.id, concurrency }, "worker started");
  const shutdown = async () => {
    await worker.stop();
    metricsServer?.close();
    await tracing?.shutdown();
    await handle.close();
    process.exit(0);
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

main().catch((error) => {
  logger().error({ error: errorMessage(error) }, "worker failed to start");
  process.exit(1);
});
