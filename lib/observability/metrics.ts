import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Seconds; from 5 ms to 30 s, the range of API answers, jobs and vendor calls. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "kyc_" });
  const of = { registers: [registry] };
  return {
    registry,
    httpDuration: new Histogram({ name: "kyc_http_request_duration_seconds", help: "HTTP requests by route pattern, method and status", labelNames: ["method", "route", "status"] as const, buckets: SECONDS, ...of }),
    jobAttempts: new Counter({ name: "kyc_job_attempts_total", help: "Job attempts by kind and outcome (done, retry, failed)", labelNames: ["kind", "outcome"] as const, ...of }),
    jobDuration: new Histogram({ name: "kyc_job_attempt_duration_seconds", help: "Job attempt durations by kind", labelNames: ["kind"] as const, buckets: SECONDS, ...of }),
    webhookAttempts: new Counter({ name: "kyc_webhook_delivery_attempts_total", help: "System webhook delivery attempts by result (succeeded, retrying, failed)", labelNames: ["result"] as const, ...of }),
    webhookLatency: new Histogram({ name: "kyc_webhook_delivery_duration_seconds", help: "Time to send a system webhook and read the answer", buckets: SECONDS, ...of }),
    pluginLatency: new Histogram({ name: "kyc_plugin_call_duration_seconds", help: "API and webhook plugin calls by plugin name and kind", labelNames: ["plugin", "kind"] as const, buckets: SECONDS, ...of }),
    slaBreaches: new Counter({ name: "kyc_sla_breaches_total", help: "Review deadlines breached (workflow.sla.breached emitted), by definition", labelNames: ["definition"] as const, ...of }),
    queueDepth: new Gauge({ name: "kyc_job_queue_depth", help: "Pending jobs by kind, collected on scrape (due or scheduled)", labelNames: ["kind", "due"] as const, ...of }),
    oldestDueAge: new Gauge({ name: "kyc_job_oldest_due_age_seconds", help: "How long the oldest due, unclaimed job has waited, collected on scrape", ...of }),
    runtimes: new Gauge({ name: "kyc_runtimes", help: "Runtimes by definition, status and state, collected on scrape (states beyond a cap per definition are summed as state=\"_other\")", labelNames: ["definition", "status", "state"] as const, ...of }),
  };
}

export type Metrics = ReturnType<typeof build>;

const METRICS = Symbol.for("kyc.metrics");

/**
 * This process's metrics (prom-client), one registry per process even when the bundler duplicates this module.
 * Every process (each app server, each worker) counts its own work: Prometheus scrapes each one.
 */
export function metrics(): Metrics {
  const g = globalThis as { [METRICS]?: Metrics };
  return (g[METRICS] ??= build());
}

/** Time `call` into `histogram` (seconds), whether it resolves or throws. */
export async function timed<T>(observe: (seconds: number) => void, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await call();
  } finally {
    observe((performance.now() - started) / 1000);
  }
}
