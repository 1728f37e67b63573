// Batch writes over HTTP (issue 15): POST /workflows/run-batch and /workflows/send-events with full batches
// (BENCH_BATCH_ITEMS, default 500) from BENCH_BATCH_CLIENTS clients (default 4), against the built app on
// PostgreSQL, as http-bench.ts does for single requests. Items/s, latency per batch and CPU per item (app,
// PostgreSQL, load generator). The events are `start`, each queueing a vendor call the worker then makes: its
// work is in the worker processes, not in these figures.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { printFiguresWhenRun } from "./lib/run-as-script";
import { apiClient } from "./lib/api-client";
import { startBenchApp } from "./lib/app-server";
import { cpuPer, cpuSnapshot } from "./lib/cpu-accounting";
import { closedLoop, Latencies } from "./lib/stats";

const API_KEY = process.env.BENCH_API_KEY ?? "kyc_bench_key_0123456789abcdef0123";
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CLIENTS = Number(process.env.BENCH_BATCH_CLIENTS ?? 4);
const ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 500);

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
  try {
    const warm = new Latencies();
    await closedLoop(2, 1500, async () => void (await batch("/api/v1/external/workflows/run-batch", Array.from({ length: 50 }, runItem), warm)));

    const runLat = new Latencies();
    const created: string[] = [];
    let cpu = cpuSnapshot(app.cpuScope);
    const runsStarted = performance.now();
    await closedLoop(CLIENTS, DURATION_MS, async () => {
      const answers = await batch("/api/v1/external/workflows/run-batch", Array.from({ length: ITEMS }, runItem), runLat);
      for (const a of answers) created.push(a.body.workflowRuntimeId as string);
    });
    const runSeconds = (performance.now() - runsStarted) / 1000;
    const cpuPerRun = cpuPer(cpu, cpuSnapshot(app.cpuScope), created.length);

    const eventLat = new Latencies();
    let next = 0;
    let sent = 0;
    cpu = cpuSnapshot(app.cpuScope);
    const eventsStarted = performance.now();
    await closedLoop(
      CLIENTS,
      DURATION_MS,
      async () => {
        const ids = created.slice(next, next + ITEMS);
        next += ids.length;
        if (ids.length === 0) return;
        await batch("/api/v1/external/workflows/send-events", ids.map((workflowRuntimeId) => ({ workflowRuntimeId, name: "start" })), eventLat);
        sent += ids.length;
      },
      () => next >= created.length,
    );
    const eventSeconds = (performance.now() - eventsStarted) / 1000;
    const cpuPerEvent = cpuPer(cpu, cpuSnapshot(app.cpuScope), sent);
    return {
      clients: CLIENTS,
      "items per batch": ITEMS,
      "batch runs/s (items)": Math.round(created.length / runSeconds),
      "batch events/s (items; start, each queueing a vendor call)": Math.round(sent / eventSeconds),
      "POST /run-batch latency ms": runLat.summary(),
      "POST /send-events latency ms": eventLat.summary(),
      "CPU ms per batch run item (app, postgres, load generator)": cpuPerRun ?? "n/a",
      "CPU ms per batch event item (app, postgres, load generator)": cpuPerEvent ?? "n/a",
    };
  } finally {
    await client.close();
    await app.stop();
    stub.close();
  }
}

printFiguresWhenRun(import.meta.url, runBatchBench);
