// HTTP benchmark of the external API: runs/s, events/s, complete example flows/s and latency per endpoint,
// against the built app on PostgreSQL (or BENCH_BASE_URL with BENCH_API_KEY), with a local vendor stub.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { printFiguresWhenRun } from "./lib/run-as-script";
import { apiClient, timedPost } from "./lib/api-client";
import { startBenchApp } from "./lib/app-server";
import { STATEMENTS_SHOWN } from "./lib/bench-database";
import { cpuPer, cpuSnapshot } from "./lib/cpu-accounting";
import { recordGoalFacts } from "./lib/goals";
import { interleavedAppCpu, ratiosTo } from "./lib/interleaved";
import { PLAIN_DEFINITION } from "./lib/plain-definition";
import { closedLoop, Latencies, openLoop } from "./lib/stats";
import { completedWebhookLatencies, completeFlow, exampleRunBody, startStub } from "./lib/flow-stub";

const API_KEY = process.env.BENCH_API_KEY ?? "kyc_bench_key_0123456789abcdef0123";
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
/** Runtimes of the plain definition made (unmeasured) for the plain events phase, which ends early when they run out. */
const PLAIN_RUNTIMES = Number(process.env.BENCH_PLAIN_EVENTS ?? 16_000);
/** Rounds of the interleaved cost measurement (each kind 1.5 s a round), and the plain runtimes it may use. */
const RATIO_ROUNDS = Number(process.env.BENCH_RATIO_ROUNDS ?? 8);
const RATIO_EVENTS = Number(process.env.BENCH_RATIO_EVENTS ?? 12_000);
/**
 * Seconds of every measured request kind before the first measurement. A fresh server compiles its hot code for
 * its first 20 s or so under this load (V8's optimizing compiler, on background threads the app's CPU includes):
 * a complete flow cost 29 ms of app CPU in its first 5 s, 17 ms at 10–15 s, 12 ms from 25 s on.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_HTTP_WARMUP_SECONDS ?? 30);

export async function runHttpBench(): Promise<Record<string, unknown>> {
  const stub = await startStub();
  const external = process.env.BENCH_BASE_URL;
  const app = external
    ? { baseUrl: external, cpuScope: undefined, tidy: async () => undefined, statementsFromNow: async () => undefined, stop: async () => undefined }
    : await startBenchApp({ SEED_API_KEY: API_KEY, OUTBOUND_ALLOWED_HOSTS: new URL(stub.origin).host, RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT_PER_MINUTE ?? "0" });
  const lat = { run: new Latencies(), sendEvent: new Latencies(), sendEventPlain: new Latencies(), sendEventWait: new Latencies(), sendEventAtGoal: new Latencies(), sendEventSteady: new Latencies() };
  let n = 0;
  const client = apiClient(app.baseUrl, API_KEY, CLIENTS * 2);
  const post = timedPost(client);
  const runBody = () => exampleRunBody(stub.origin, ++n);
  const postSteady = async (rate: number, seconds: number, into: Latencies) => {
    // Fresh runtimes, one `start` each, sent at a fixed rate whatever the answers (open loop).
    const targets: string[] = [];
    const needed = Math.ceil(rate * seconds);
    await closedLoop(CLIENTS, 60_000, async () => {
      if (targets.length >= needed) return;
      targets.push((await post("/api/v1/external/workflows/run", runBody(), new Latencies())).workflowRuntimeId as string);
    }, () => targets.length >= needed);
    await drain();
    // A slow machine may not have made them all within the minute: the events stop where the runtimes do.
    await openLoop(rate, seconds * 1000, async (k) => {
      if (k >= targets.length) return;
      await post(`/api/v1/external/workflows/${targets[k]}/send-event`, { name: "start" }, into);
    });
    await drain();
  };
  // Runtimes of the plain definition (which must exist), made unmeasured, 500 per batch request.
  const seedPlain = async (count: number, prefix: string) => {
    const ids: string[] = [];
    let seeded = 0;
    await closedLoop(4, 120_000, async () => {
      const n = Math.min(500, count - seeded);
      const from = seeded;
      seeded += n;
      if (n <= 0) return;
      const items = Array.from({ length: n }, (_, i) => ({ workflowId: PLAIN_DEFINITION.id, context: { entity: { id: `${prefix}-${from + i}`, type: "business", data: { companyName: `Plain ${from + i} Ltd` } } } }));
      const answer = (await post("/api/v1/external/workflows/run-batch", { items }, new Latencies())) as { items: { status: number; body: { workflowRuntimeId: string } }[] };
      for (const item of answer.items) if (item.status === 201) ids.push(item.body.workflowRuntimeId);
    }, () => seeded >= count);
    return ids;
  };
  // Wait until the worker has made the vendor calls queued so far, so the next phase does not run behind a backlog.
  const drain = async () => {
    const started = performance.now();
    for (;;) {
      const page = (await client.get("/api/v1/external/workflows?state=check_business_details&limit=1")).json as { data: unknown[] };
      if (page.data.length === 0 || performance.now() - started > 120_000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    return (performance.now() - started) / 1000;
  };
  const flow = (into: { run: Latencies; wait: Latencies; approve: Latencies }) => completeFlow(post, runBody(), into);
  /**
   * `ms` of load before anything is measured: complete flows with a system webhook subscription (deleted after,
   * so the phases below run without one until the flow phase), then each of the other kinds in turn.
   */
  const warmUp = async (ms: number, health: () => Promise<void>) => {
    if (ms <= 0) return;
    const unmeasured = { run: new Latencies(), wait: new Latencies(), approve: new Latencies() };
    const subscription = await post("/api/v1/external/webhook-subscriptions", { url: `${stub.origin}/system`, events: ["workflow.completed"] }, new Latencies());
    await closedLoop(CLIENTS, ms / 2, async () => void (await flow(unmeasured)));
    const removed = await client.delete(`/api/v1/external/webhook-subscriptions/${subscription.id as string}`);
    if (removed.status !== 204) throw new Error(`deleting the warm-up subscription: ${removed.status}`);
    const plainIds = await seedPlain(4_000, "warm");
    let next = 0;
    const kinds: (() => Promise<void>)[] = [
      health,
      async () => void (await post("/api/v1/external/workflows/run", runBody(), new Latencies())),
      async () => { const id = plainIds[next++]; if (id) await post(`/api/v1/external/workflows/${id}/send-event`, { name: "start" }, new Latencies()); },
      ...(external ? [] : ["/api/sandbox/echo", "/api/sandbox/echo/bench"].map((path) => async () => void (await post(path, runBody(), new Latencies())))),
    ];
    for (const kind of kinds) await closedLoop(CLIENTS, ms / 2 / kinds.length, kind);
  };
  try {
    // The framework's own floor, measured the same way in the same run: GET /api/health (one `select 1`).
    const health = async () => {
      const { status } = await client.get("/api/health");
      if (status !== 200) throw new Error(`/api/health: ${status}`);
    };
    // Warm up every kind of request measured below, so that each phase reads a server that has compiled its code.
    const definition = await client.post("/api/v1/external/workflow-definitions", PLAIN_DEFINITION);
    if (definition.status !== 201) throw new Error(`creating the plain definition: ${definition.status}`);
    await warmUp(WARMUP_SECONDS * 1000, health);
    // Between phases, what autovacuum would have done by then where the server runs without it.
    await app.tidy();

    let cpu = cpuSnapshot(app.cpuScope);
    const healths = await closedLoop(CLIENTS, DURATION_MS / 2, health);
    const cpuPerHealth = cpuPer(cpu, cpuSnapshot(app.cpuScope), healths);
    // The framework's floor for a POST: the sandbox echo reads and parses a run's body and probes the database.
    cpu = cpuSnapshot(app.cpuScope);
    const echoes = external ? 0 : await closedLoop(CLIENTS, DURATION_MS / 2, async () => void (await post("/api/sandbox/echo", runBody(), new Latencies())));
    const cpuPerEcho = cpuPer(cpu, cpuSnapshot(app.cpuScope), echoes);

    const created: string[] = [];
    cpu = cpuSnapshot(app.cpuScope);
    const runs = await closedLoop(CLIENTS, DURATION_MS, async () => {
      const r = await post("/api/v1/external/workflows/run", runBody(), lat.run);
      created.push(r.workflowRuntimeId as string);
    });
    const cpuPerRun = cpuPer(cpu, cpuSnapshot(app.cpuScope), runs);
    // `start` on each runtime of `ids` in turn: the phase ends early when they run out (a slow machine), and the
    // rate is computed over the time it really took.
    const startEach = async (ids: string[], into: Latencies) => {
      let next = 0;
      const started = performance.now();
      const count = await closedLoop(CLIENTS, DURATION_MS, async () => {
        const id = ids[next++];
        if (id) await post(`/api/v1/external/workflows/${id}/send-event`, { name: "start" }, into);
      }, () => next >= ids.length);
      return { count, seconds: (performance.now() - started) / 1000 };
    };
    cpu = cpuSnapshot(app.cpuScope);
    // Each event needs a runtime of the runs phase.
    const { count: events, seconds: eventSeconds } = await startEach(created, lat.sendEvent);
    const drainSeconds = await drain();
    const cpuPerEvent = cpuPer(cpu, cpuSnapshot(app.cpuScope), events);
    // A plain transition (no plugin, no timer, no webhook): the event's own cost, without the vendor call that each
    // `start` above makes the worker do. Its runtimes are made first, unmeasured, 500 per batch request.
    const plainIds = await seedPlain(PLAIN_RUNTIMES, "plain");
    await app.tidy();
    cpu = cpuSnapshot(app.cpuScope);
    const { count: plainEvents, seconds: plainSeconds } = await startEach(plainIds, lat.sendEventPlain);
    const cpuPerPlainEvent = cpuPer(cpu, cpuSnapshot(app.cpuScope), plainEvents);

    // The same requests again in short slices taken in turn, beside the framework's floors (a GET, a POST, a POST
    // at a dynamic path like send-event's): the machine's speed drifts within a run, and here it weighs on all alike.
    const interleaved = external || !app.cpuScope ? undefined : await (async (scope) => {
      const ids = await seedPlain(RATIO_EVENTS, "ratio");
      await app.tidy();
      let next = 0;
      // The runs of each round's run slice are the runtimes of the next slice's events with their vendor call.
      const ran: string[] = [];
      let nextRan = 0;
      const echo = (path: string) => async () => void (await post(path, { name: "start" }, new Latencies()));
      const costs = await interleavedAppCpu(scope, {
        health: { task: health },
        echo: { task: echo("/api/sandbox/echo") },
        "echo at a dynamic path": { task: echo("/api/sandbox/echo/bench") },
        run: { task: async () => void ran.push((await post("/api/v1/external/workflows/run", runBody(), new Latencies())).workflowRuntimeId as string) },
        "event with its vendor call": { task: async () => { const id = ran[nextRan++]; if (id) await post(`/api/v1/external/workflows/${id}/send-event`, { name: "start" }, new Latencies()); }, enough: () => nextRan >= ran.length },
        "plain event": { task: async () => { const id = ids[next++]; if (id) await post(`/api/v1/external/workflows/${id}/send-event`, { name: "start" }, new Latencies()); }, enough: () => next >= ids.length },
      }, { rounds: RATIO_ROUNDS, sliceMs: 1500, clients: CLIENTS });
      await drain();
      recordGoalFacts({ interleaved: costs });
      return ratiosTo(costs, "health");
    })(app.cpuScope);

    // The floor again after the runs and events: the machine's speed drifts within a run, so each is set beside both.
    await app.tidy();
    cpu = cpuSnapshot(app.cpuScope);
    const healthsAfter = await closedLoop(CLIENTS, DURATION_MS / 2, health);
    const cpuPerHealthAfter = cpuPer(cpu, cpuSnapshot(app.cpuScope), healthsAfter);
    // Webhook latency under the flow load: from the approving request's answer to the receiver.
    await post("/api/v1/external/webhook-subscriptions", { url: `${stub.origin}/system`, events: ["workflow.completed"] }, new Latencies());
    const approvedAt = new Map<string, number>();
    const statements = await app.statementsFromNow();
    cpu = cpuSnapshot(app.cpuScope);
    // The receiver runs in this process: how late its event loop runs under the load it generates is part of what
    // the webhook latency reads.
    const loopDelay = monitorEventLoopDelay({ resolution: 2 });
    loopDelay.enable();
    const flows = await closedLoop(CLIENTS, DURATION_MS, async () => {
      approvedAt.set(await flow({ run: lat.run, wait: lat.sendEventWait, approve: lat.sendEvent }), performance.now());
    });
    loopDelay.disable();
    const cpuPerFlow = cpuPer(cpu, cpuSnapshot(app.cpuScope), flows);
    const flowStatements = await statements?.(STATEMENTS_SHOWN, flows);
    const webhookLatency = new Latencies();
    for (const ms of (await completedWebhookLatencies(approvedAt, stub.completedAt)).values()) webhookLatency.add(ms);
    // A webhook that never arrived is not fast: only a run where every one arrived is judged.
    if (webhookLatency.count === approvedAt.size) recordGoalFacts({ webhookLatency: webhookLatency.summary() });
    const rate = Number(process.env.BENCH_EVENT_RATE ?? 1000);
    await postSteady(rate, 4, lat.sendEventAtGoal);
    // The same at a rate this machine sustains (half the measured events/s), to show latency without a queue.
    const steadyRate = Number(process.env.BENCH_STEADY_RATE ?? Math.max(50, Math.round(events / eventSeconds / 2 / 50) * 50));
    await postSteady(steadyRate, 4, lat.sendEventSteady);
    return {
      "GET /api/health requests/s": Math.round(healths / (DURATION_MS / 2000)),
      "POST /api/sandbox/echo (a run's body) requests/s": Math.round(echoes / (DURATION_MS / 2000)),
      "runs/s": Math.round(runs / (DURATION_MS / 1000)),
      "events/s (start: each also queues a vendor call)": Math.round(events / eventSeconds),
      "plain events/s (start: one transition, no plugin)": Math.round(plainEvents / plainSeconds),
      "complete flows/s (run, start+wait, approve)": Math.round(flows / (DURATION_MS / 1000)),
      clients: CLIENTS,
      "app server processes": Number(process.env.BENCH_APP_PROCESSES ?? 1),
      "seconds to drain the vendor calls queued by the events phase": Math.round(drainSeconds * 10) / 10,
      "POST /workflows/run latency ms": lat.run.summary(),
      "POST /send-event latency ms": lat.sendEvent.summary(),
      "POST /send-event (plain) latency ms": lat.sendEventPlain.summary(),
      "POST /send-event (Prefer: wait, incl. vendor call) latency ms": lat.sendEventWait.summary(),
      [`POST /send-event at ${rate}/s open loop latency ms`]: lat.sendEventAtGoal.summary(),
      [`POST /send-event at ${steadyRate}/s open loop latency ms`]: lat.sendEventSteady.summary(),
      "workflow.completed webhook, approve answered to received, under the flow load, ms": webhookLatency.summary(),
      "workflow.completed webhooks not received within 10 s": approvedAt.size - webhookLatency.count,
      "load generator's event-loop delay under the flow load (receiver's share of the webhook latency), ms": {
        p50: Math.round(loopDelay.percentile(50) / 1e4) / 100,
        p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
        max: Math.round(loopDelay.max / 1e4) / 100,
      },
      "CPU ms per GET /api/health (app, postgres, load generator)": cpuPerHealth ?? "n/a",
      "CPU ms per GET /api/health after the events phase (app, postgres, load generator)": cpuPerHealthAfter ?? "n/a",
      "app CPU of a run, a plain event, an event with its vendor call × health (the mean of both health phases)": ratios(cpuPerHealth, cpuPerHealthAfter, cpuPerRun, cpuPerPlainEvent, cpuPerEvent),
      [`app CPU per request and × health, ${RATIO_ROUNDS} rounds of 1.5 s slices taken in turn`]: interleaved ?? "n/a",
      "CPU ms per POST /api/sandbox/echo (app, postgres, load generator)": cpuPerEcho ?? "n/a",
      "CPU ms per run (app, postgres, load generator)": cpuPerRun ?? "n/a",
      "CPU ms per event, incl. its vendor call (app, postgres, load generator)": cpuPerEvent ?? "n/a",
      "CPU ms per plain event (app, postgres, load generator)": cpuPerPlainEvent ?? "n/a",
      "CPU ms per complete flow (app, postgres, load generator)": cpuPerFlow ?? "n/a",
      ...(flowStatements ? { "PostgreSQL statements of the flow phase, most time first, per flow (BENCH_STATEMENTS)": flowStatements } : {}),
    };
  } finally {
    await client.close();
    await app.stop();
    stub.close();
  }
}

printFiguresWhenRun(import.meta.url, runHttpBench);

/** Each request's app CPU as a multiple of the health check's, taken as the mean of the phases before and after. */
function ratios(before: Record<string, number> | undefined, after: Record<string, number> | undefined, ...requests: (Record<string, number> | undefined)[]): string {
  if (!before || !after || requests.some((r) => !r)) return "n/a";
  const floor = (before.app + after.app) / 2;
  return requests.map((r) => `×${(r!.app / floor).toFixed(2)}`).join(", ");
}
