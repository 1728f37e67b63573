// Batch writes over HTTP (issue 15): POST /workflows/run-batch and /workflows/send-events with full batches
// (BENCH_BATCH_ITEMS, default 500) from BENCH_BATCH_CLIENTS clients (default 8), against the built app on
// PostgreSQL, as http-bench.ts does for single requests. Items/s, latency per batch and CPU per item (app,
// PostgreSQL, load generator). Two kinds of events: the worked example's `start`, each queueing a vendor call the
// worker then makes beside the batches (its worker CPU is not in these figures, its PostgreSQL CPU is), and a plain
// transition (`start` of a two-state definition: no plugin, no job), the single-transition step the goal
// compares with PostgreSQL's own ceiling.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { printFiguresWhenRun } from "./lib/run-as-script";
import { apiClient } from "./lib/api-client";
import { startBenchApp } from "./lib/app-server";
import { cpuPer, cpuSnapshot } from "./lib/cpu-accounting";
import { recordGoalFacts } from "./lib/goals";
import { PLAIN_DEFINITION } from "./lib/plain-definition";
import { closedLoop, Latencies } from "./lib/stats";

const API_KEY = process.env.BENCH_API_KEY ?? "kyc_bench_key_0123456789abcdef0123";
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CLIENTS = Number(process.env.BENCH_BATCH_CLIENTS ?? 8);
const ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 500);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3) * 1000;

async function startStub(): Promise<{ origin: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

export async function runBatchBench(): Promise<Record<string, unknown>> {
  const stub = await startStub();
  const app = await startBenchApp({ SEED_API_KEY: API_KEY, OUTBOUND_ALLOWED_HOSTS: new URL(stub.origin).host, RATE_LIMIT_PER_MINUTE: "0" });
  const client = apiClient(app.baseUrl, API_KEY, CLIENTS);
  let n = 0;
  const runItem = () => ({
    workflowId: "kyb_manual_review_example",
    context: {
      entity: { id: `batch-${++n}`, type: "business", data: { companyName: `Batch ${n} Ltd`, registrationNumber: String(20_000_000 + n) } },
      documents: [],
      api_config: { url: `${stub.origin}/registry`, webhook_url: `${stub.origin}/hooks` },
    },
  });
  const batch = async (path: string, items: unknown[], into: Latencies): Promise<{ status: number; body: Record<string, unknown> }[]> => {
    const t0 = performance.now();
    const { status, json } = await client.post(path, { items });
    into.add(performance.now() - t0);
    if (status !== 200) throw new Error(`${path}: ${status} ${JSON.stringify(json).slice(0, 300)}`);
    const answers = json.items as { status: number; body: Record<string, unknown> }[];
    const bad = answers.find((a) => a.status >= 300);
    if (bad) throw new Error(`${path}: an item answered ${bad.status} ${JSON.stringify(bad.body).slice(0, 300)}`);
    return answers;
  };
  /** `start` to each of `ids` in full batches until all are sent: items/s and CPU per item over the phase. */
  const eventsPhase = async (ids: string[], into: Latencies) => {
    let next = 0;
    let sent = 0;
    const cpu = cpuSnapshot(app.cpuScope);
    const started = performance.now();
    await closedLoop(
      CLIENTS,
      DURATION_MS,
      async () => {
        const chunk = ids.slice(next, next + ITEMS);
        next += chunk.length;
        if (chunk.length === 0) return;
        await batch("/api/v1/external/workflows/send-events", chunk.map((workflowRuntimeId) => ({ workflowRuntimeId, name: "start" })), into);
        sent += chunk.length;
      },
      () => next >= ids.length,
    );
    return { rate: Math.round(sent / ((performance.now() - started) / 1000)), cpu: cpuPer(cpu, cpuSnapshot(app.cpuScope), sent) };
  };
  try {
    // Warm every server process up (each compiles its hot paths on its own) with the load the phase then measures.
    const warm = new Latencies();
    await closedLoop(CLIENTS, WARMUP_MS, async () => void (await batch("/api/v1/external/workflows/run-batch", Array.from({ length: ITEMS }, runItem), warm)));
    // Between phases, what autovacuum would have done by then where the server runs without it.
    await app.tidy();

    const runLat = new Latencies();
    const created: string[] = [];
    const cpu = cpuSnapshot(app.cpuScope);
    const runsStarted = performance.now();
    await closedLoop(CLIENTS, DURATION_MS, async () => {
      const answers = await batch("/api/v1/external/workflows/run-batch", Array.from({ length: ITEMS }, runItem), runLat);
      for (const a of answers) created.push(a.body.workflowRuntimeId as string);
    });
    const runSeconds = (performance.now() - runsStarted) / 1000;
    const cpuPerRun = cpuPer(cpu, cpuSnapshot(app.cpuScope), created.length);

    const definition = await client.post("/api/v1/external/workflow-definitions", PLAIN_DEFINITION);
    if (definition.status !== 201) throw new Error(`creating the plain definition: ${definition.status} ${JSON.stringify(definition.json).slice(0, 300)}`);
    const plainIds: string[] = [];
    const seedLat = new Latencies();
    let seeded = 0;
    await closedLoop(
      CLIENTS,
      10 * DURATION_MS,
      async () => {
        const count = Math.min(ITEMS, created.length - seeded);
        seeded += count;
        if (count <= 0) return;
        const items = Array.from({ length: count }, (_, i) => ({ workflowId: PLAIN_DEFINITION.id, context: { entity: { id: `plain-${seeded + i}`, type: "business", data: { companyName: `Plain ${seeded + i} Ltd` } } } }));
        for (const a of await batch("/api/v1/external/workflows/run-batch", items, seedLat)) plainIds.push(a.body.workflowRuntimeId as string);
      },
      () => seeded >= created.length,
    );
    await app.tidy();
    // The plain events first: the example's vendor calls would still be running in the worker beside them.
    const plainLat = new Latencies();
    const plain = await eventsPhase(plainIds, plainLat);
    const eventLat = new Latencies();
    const example = await eventsPhase(created, eventLat);
    recordGoalFacts({ batchRunsPerSecond: created.length / runSeconds, batchPlainEventsPerSecond: plain.rate });
    return {
      clients: CLIENTS,
      "items per batch": ITEMS,
      "batch runs/s (items)": Math.round(created.length / runSeconds),
      "batch events/s (items; start, each queueing a vendor call)": example.rate,
      "batch events/s (items; a plain transition)": plain.rate,
      "POST /run-batch latency ms": runLat.summary(),
      "POST /send-events latency ms (vendor call)": eventLat.summary(),
      "POST /send-events latency ms (plain)": plainLat.summary(),
      "CPU ms per batch run item (app, postgres, load generator)": cpuPerRun ?? "n/a",
      "CPU ms per batch event item, vendor call (app, postgres, load generator)": example.cpu ?? "n/a",
      "CPU ms per batch event item, plain (app, postgres, load generator)": plain.cpu ?? "n/a",
    };
  } finally {
    await client.close();
    await app.stop();
    stub.close();
  }
}

printFiguresWhenRun(import.meta.url, runBatchBench);
