// Commit-to-vendor latency of API plugin calls: how long after `send-event start` commits does the in-process
// worker's HTTP request reach the vendor? Runs on PGlite, or on BENCH_DATABASE_URL's server (a fresh database).
import http from "node:http";
import { selectBenchDatabase } from "./lib/bench-env";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { Latencies } from "./lib/stats";

export async function runPluginLatencyBench(samples = Number(process.env.BENCH_SAMPLES ?? 200)): Promise<Record<string, unknown>> {
  selectBenchDatabase();
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const reg = (req.url ?? "").split("?")[0].split("/").pop() ?? "";
    if (!arrivals.has(reg)) arrivals.set(reg, performance.now());
    req.resume();
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ business_details: { registered_name: "X", registration_number: reg }, name_fuzziness_score: 0.7 }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.OUTBOUND_ALLOWED_HOSTS = new URL(origin).host;

  (await import("../lib/config/env")).resetEnvCache();
  (await import("../lib/plugins/outbound-policy")).resetOutboundPolicy();
  const { openTestDatabase } = await import("../tests/support/test-database");
  const { startWorker } = await import("../lib/worker/worker");
  const { startRun } = await import("../lib/runtime/start-run");
  const { sendEvent } = await import("../lib/runtime/send-event");
  const { seedDefinition, seedProject, runContext } = await import("../tests/support/seed");
  const t = await openTestDatabase();
  const worker = await startWorker(t, { pollMs: 1000 });
  const lat = new Latencies();
  try {
    await seedProject(t.db, "bench", { REGISTRY_API_KEY: "k", WEBHOOK_TOKEN: "w" });
    await seedDefinition(t.db, "bench");
    const actor = { type: "api_key" as const };
    for (let i = 0; i < samples; i++) {
      const reg = `lat${i}`;
      const run = await startRun(t.db, { projectId: "bench", workflowId: "kyb_manual_review_example", context: runContext(origin, reg), actor });
      await sendEvent(t.db, { projectId: "bench", runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
      const committed = performance.now();
      while (!arrivals.has(reg)) await new Promise((r) => setImmediate(r));
      lat.add(arrivals.get(reg)! - committed);
    }
  } finally {
    await worker.stop();
    await t.dispose();
    server.close();
  }
  const s = lat.summary();
  return { database: t.kind, samples: s.count, "commit to vendor request p50 ms": s.p50, "p95 ms": s.p95, "p99 ms": s.p99 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runPluginLatencyBench().then((f) => console.log(JSON.stringify(f, null, 2)));
}
