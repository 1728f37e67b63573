// HTTP benchmark of the external API: runs/s, events/s, complete example flows/s and latency per endpoint,
// against the built app on PostgreSQL (or BENCH_BASE_URL with BENCH_API_KEY), with a local vendor stub.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { apiClient } from "./lib/api-client";
import { startBenchApp } from "./lib/app-server";
import { closedLoop, Latencies, openLoop } from "./lib/stats";

const API_KEY = process.env.BENCH_API_KEY ?? "kyc_bench_key_0123456789abcdef0123";
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);

async function startStub(): Promise<{ origin: string; close: () => void }> {
  const body = JSON.stringify({ business_details: { registered_name: "Other Ltd", registration_number: "1" }, name_fuzziness_score: 0.7 });
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(req.url?.startsWith("/hooks") ? "{}" : body);
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

export async function runHttpBench(): Promise<Record<string, unknown>> {
  const stub = await startStub();
  const external = process.env.BENCH_BASE_URL;
  const app = external
    ? { baseUrl: external, stop: async () => undefined }
    : await startBenchApp({ SEED_API_KEY: API_KEY, OUTBOUND_ALLOWED_HOSTS: new URL(stub.origin).host, RATE_LIMIT_PER_MINUTE: "0" });
  const lat = { run: new Latencies(), sendEvent: new Latencies(), sendEventWait: new Latencies(), sendEventAt1000: new Latencies() };
  let n = 0;
  const client = apiClient(app.baseUrl, API_KEY, CLIENTS * 2);
  const post = async (path: string, body: unknown, into: Latencies, headers: Record<string, string> = {}) => {
    const t0 = performance.now();
    const { status, json } = await client.post(path, body, headers);
    into.add(performance.now() - t0);
    if (status >= 300) throw new Error(`${path}: ${status} ${JSON.stringify(json)}`);
    return json;
  };
  const runBody = () => ({
    workflowId: "kyb_manual_review_example",
    context: {
      entity: { id: `bench-${++n}`, type: "business", data: { companyName: `Bench ${n} Ltd`, registrationNumber: String(10_000_000 + n) } },
      documents: [],
      api_config: { url: `${stub.origin}/registry`, webhook_url: `${stub.origin}/hooks` },
    },
  });
  try {
    // Warm up (compile caches, connections).
    await closedLoop(8, 1500, async () => void (await post("/api/v1/external/workflows/run", runBody(), new Latencies())));

    const created: string[] = [];
    const runs = await closedLoop(CLIENTS, DURATION_MS, async () => {
      const r = await post("/api/v1/external/workflows/run", runBody(), lat.run);
      created.push(r.workflowRuntimeId as string);
    });
    let i = 0;
    const events = await closedLoop(CLIENTS, DURATION_MS, async () => {
      const id = created[i++];
      if (!id) return;
      await post(`/api/v1/external/workflows/${id}/send-event`, { name: "start" }, lat.sendEvent);
    });
    // Let the worker drain the vendor calls the events phase queued, so flows are not measured behind a backlog.
    const drainStarted = performance.now();
    for (;;) {
      const page = (await client.get("/api/v1/external/workflows?state=check_business_details&limit=1")).json as { data: unknown[] };
      if (page.data.length === 0 || performance.now() - drainStarted > 120_000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const flows = await closedLoop(CLIENTS, DURATION_MS, async () => {
      const r = await post("/api/v1/external/workflows/run", runBody(), lat.run);
      const id = r.workflowRuntimeId as string;
      const settled = await post(`/api/v1/external/workflows/${id}/send-event`, { name: "start" }, lat.sendEventWait, { prefer: "wait=10" });
      if (settled.state !== "manual_review") throw new Error(`flow settled in ${String(settled.state)}`);
      const done = await post(`/api/v1/external/workflows/${id}/send-event`, { name: "approve" }, lat.sendEvent);
      if (done.status !== "completed") throw new Error("flow did not complete");
    });
    // Fixed 1,000 events/s for the p99 goal: fresh runtimes, one `start` each.
    const targets: string[] = [];
    await closedLoop(CLIENTS, 6000, async () => void targets.push((await post("/api/v1/external/workflows/run", runBody(), new Latencies())).workflowRuntimeId as string));
    const rate = Number(process.env.BENCH_EVENT_RATE ?? 1000);
    const paced = Math.min(targets.length, Math.floor((rate * 4000) / 1000));
    await openLoop(rate, (paced / rate) * 1000, async (k) => {
      await post(`/api/v1/external/workflows/${targets[k]}/send-event`, { name: "start" }, lat.sendEventAt1000);
    });
    return {
      "runs/s": Math.round(runs / (DURATION_MS / 1000)),
      "events/s": Math.round(events / (DURATION_MS / 1000)),
      "complete flows/s (run, start+wait, approve)": Math.round(flows / (DURATION_MS / 1000)),
      clients: CLIENTS,
      "seconds to drain the vendor calls queued by the events phase": Math.round(drainSeconds * 10) / 10,
      "POST /workflows/run latency ms": lat.run.summary(),
      "POST /send-event latency ms": lat.sendEvent.summary(),
      "POST /send-event (Prefer: wait, incl. vendor call) latency ms": lat.sendEventWait.summary(),
      [`POST /send-event at ${rate}/s open loop latency ms`]: lat.sendEventAt1000.summary(),
    };
  } finally {
    await client.close();
    await app.stop();
    stub.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHttpBench()
    .then((figures) => console.log(JSON.stringify(figures, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
