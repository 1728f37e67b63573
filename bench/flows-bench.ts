// Complete flows alone on a warm server (`BENCH_ONLY=flows`): flows/s, CPU per flow and the `workflow.completed`
// webhook's latency under that load, per second too. The HTTP part measures the same phase last, after its other
// phases; this one measures it after nothing but flows, to show what the phase's place costs.
import { apiClient, timedPost } from "./lib/api-client";
import { startBenchApp } from "./lib/app-server";
import { STATEMENTS_SHOWN } from "./lib/bench-database";
import { cpuPer, cpuSnapshot } from "./lib/cpu-accounting";
import { completedWebhookLatencies, completeFlow, exampleRunBody, startStub } from "./lib/flow-stub";
import { printFiguresWhenRun } from "./lib/run-as-script";
import { closedLoop, Latencies } from "./lib/stats";

const API_KEY = "kyc_bench_key_0123456789abcdef0123";
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const WARMUP_MS = Number(process.env.BENCH_HTTP_WARMUP_SECONDS ?? 30) * 1000;
const DURATION_MS = Number(process.env.BENCH_FLOW_SECONDS ?? 10) * 1000;

export async function runFlowsBench(): Promise<Record<string, unknown>> {
  const stub = await startStub();
  const app = await startBenchApp({ SEED_API_KEY: API_KEY, OUTBOUND_ALLOWED_HOSTS: new URL(stub.origin).host, RATE_LIMIT_PER_MINUTE: "0" });
  const client = apiClient(app.baseUrl, API_KEY, CLIENTS * 2);
  let n = 0;
  const post = timedPost(client);
  const flow = (into: { run: Latencies; wait: Latencies; approve: Latencies }) => completeFlow(post, exampleRunBody(stub.origin, ++n), into);
  try {
    await post("/api/v1/external/webhook-subscriptions", { url: `${stub.origin}/system`, events: ["workflow.completed"] }, new Latencies());
    await closedLoop(CLIENTS, WARMUP_MS, async () => void (await flow({ run: new Latencies(), wait: new Latencies(), approve: new Latencies() })));
    await app.tidy();
    const lat = { run: new Latencies(), wait: new Latencies(), approve: new Latencies() };
    const approvedAt = new Map<string, number>();
    const statements = await app.statementsFromNow();
    const cpu = cpuSnapshot(app.cpuScope);
    const started = performance.now();
    const flows = await closedLoop(CLIENTS, DURATION_MS, async () => void approvedAt.set(await flow(lat), performance.now()));
    const cpuPerFlow = cpuPer(cpu, cpuSnapshot(app.cpuScope), flows);
    const flowStatements = await statements?.(STATEMENTS_SHOWN, flows);
    const webhook = new Latencies();
    const perSecond = new Map<number, Latencies>();
    for (const [id, ms] of await completedWebhookLatencies(approvedAt, stub.completedAt)) {
      webhook.add(ms);
      const second = Math.floor((approvedAt.get(id)! - started) / 1000);
      if (!perSecond.has(second)) perSecond.set(second, new Latencies());
      perSecond.get(second)!.add(ms);
    }
    const seconds = [...perSecond.values()].map((l) => l.summary());
    const range = (key: "p50" | "p99") => `${Math.min(...seconds.map((s) => s[key]))}–${Math.max(...seconds.map((s) => s[key]))}`;
    return {
      clients: CLIENTS,
      "seconds of flows before the measurement": WARMUP_MS / 1000,
      "complete flows/s (run, start+wait, approve)": Math.round(flows / (DURATION_MS / 1000)),
      "CPU ms per complete flow (app, postgres, load generator)": cpuPerFlow ?? "n/a",
      "workflow.completed webhook, approve answered to received, ms": webhook.summary(),
      "workflow.completed webhooks not received within 10 s": approvedAt.size - webhook.count,
      "the same per second of the phase: p50 range, p99 range, ms": `${range("p50")}, ${range("p99")}`,
      "POST /send-event (Prefer: wait, incl. vendor call) latency ms": lat.wait.summary(),
      ...(flowStatements ? { "PostgreSQL statements of the flow phase, most time first, per flow (BENCH_STATEMENTS)": flowStatements } : {}),
    };
  } finally {
    await client.close();
    await app.stop();
    stub.close();
  }
}

printFiguresWhenRun(import.meta.url, runFlowsBench);
