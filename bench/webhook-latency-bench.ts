// Commit-to-first-attempt latency of system webhooks: how long after a step commits does the in-process worker's
// signed POST reach the receiver? Each sample starts a run with a runtime-level subscription to
// workflow.state.changed (its creation event) and waits for that event. Runs on PGlite, or on
// BENCH_DATABASE_URL's server (a fresh database). Goal: p50 <= 50 ms, p99 <= 250 ms.
// Run directly: `npx tsx bench/webhook-latency-bench.ts`; or import `runWebhookLatencyBench()`.
import { selectBenchDatabase } from "./lib/bench-env";
import { pathToFileURL } from "node:url";
import { Latencies } from "./lib/stats";

const PROJECT = "bench-webhooks";

export async function runWebhookLatencyBench(samples = Number(process.env.BENCH_SAMPLES ?? 200)): Promise<Record<string, number>> {
  selectBenchDatabase();
  const { startWebhookReceiver } = await import("../tests/support/webhook-receiver");
  const receiver = await startWebhookReceiver();
  process.env.OUTBOUND_ALLOWED_HOSTS = `127.0.0.1:${receiver.port}`;
  const { resetEnvCache } = await import("../lib/config/env");
  const { resetOutboundPolicy } = await import("../lib/plugins/outbound-policy");
  resetEnvCache();
  resetOutboundPolicy();

  const { eq } = await import("drizzle-orm");
  const { openTestDatabase } = await import("../tests/support/test-database");
  const { projects } = await import("../lib/db/schema");
  const { encryptString } = await import("../lib/security/encryption");
  const { startWorker } = await import("../lib/worker/worker");
  const { startRun } = await import("../lib/runtime/start-run");
  const { generateWebhookSecret, secretAad } = await import("../lib/webhooks/signing");
  const { seedDefinition, seedProject, runContext } = await import("../tests/support/seed");

  const t = await openTestDatabase();
  // The default poll interval: the first attempt must come from the NOTIFY at commit, not from polling.
  const worker = await startWorker(t, { log: () => undefined });
  const arrivals = new Map<string, number>();
  receiver.onRequest((req) => arrivals.set(String(req.body.workflowRuntimeId), req.perfAt));
  const lat = new Latencies();
  try {
    await seedProject(t.db, PROJECT);
    await t.db.update(projects).set({ webhookSecret: encryptString(generateWebhookSecret(), secretAad(PROJECT)) }).where(eq(projects.id, PROJECT));
    await seedDefinition(t.db, PROJECT);
    const config = { subscriptions: [{ type: "webhook", url: `${receiver.origin}/bench`, events: ["workflow.state.changed"] }] };
    const actor = { type: "api_key" as const };
    const warmup = Math.min(20, samples);
    for (let i = 0; i < warmup + samples; i++) {
      const run = await startRun(t.db, { projectId: PROJECT, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", `wh${i}`), config, actor });
      const committed = performance.now();
      const deadline = committed + 10_000;
      while (!arrivals.has(run.workflowRuntimeId)) {
        if (performance.now() > deadline) throw new Error(`no webhook for run ${i} within 10 s`);
        await new Promise((r) => setImmediate(r));
      }
      if (i >= warmup) lat.add(Math.max(0, arrivals.get(run.workflowRuntimeId)! - committed));
    }
  } finally {
    await worker.stop();
    await receiver.close();
    await t.dispose();
  }
  const s = lat.summary();
  return { samples: s.count, "commit to first webhook attempt p50 ms": s.p50, "p95 ms": s.p95, "p99 ms": s.p99 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runWebhookLatencyBench().then(
    (figures) => {
      console.log(`== system webhooks (${process.env.BENCH_DATABASE_URL ? "postgres" : "pglite"}) ==`);
      for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(40)} ${value}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
