// `npm run fuzz`: hostile requests against every route of the built app, on a fresh database.
//
//   FUZZ_SEED=<n>          seed (default 1); printed first, with everything needed to replay
//   FUZZ_REQUESTS=<n>      generated requests (default 10000); a definition attack is one request index that posts
//                          the definition and then runs it (2-3 HTTP requests)
//   FUZZ_REPLAY=<i>[,<j>]  send only these indices and print each request and answer
//   FUZZ_CONCURRENCY=<n>   requests in flight (default 8)
//   FUZZ_SKIP=<regex>      do not send cases whose generator matches, e.g. `definition:redos` while a known freeze
//                          is being fixed (the other indices send the same requests as without it)
//   FUZZ_DATABASE_URL=<url> a PostgreSQL server: the run creates a fresh database there and drops it afterwards
//                          (default: embedded PGlite in a fresh DATA_DIR)
//   FUZZ_PORT (default: a free port), FUZZ_SLOW_MS (2000), FUZZ_TIMEOUT_MS (20000), FUZZ_RSS_LIMIT_MIB (150),
//   FUZZ_APP_DIR (the checkout whose build is served; default this one), NEXT_DIST_DIR (default .next)
//   FUZZ_NODE_ARGS="<flags>" extra Node/V8 flags for the server process (for experiments, e.g. `--optimize-for-size`)
//   FUZZ_HEAP=1            also print the server's heapUsed after a forced full GC before and after the run (through
//                          --inspect on FUZZ_PORT + 1000): what the app still holds, as opposed to RSS that V8 or
//                          the allocator has not returned yet. FUZZ_HEAP_SNAPSHOTS=<dir> also writes heap snapshots
//                          there (before.heapsnapshot, after.heapsnapshot) to compare in Chrome DevTools.
//
// Exits 1 on any 5xx, error answer from the app that is not application/problem+json, request over FUZZ_SLOW_MS,
// request without an answer, RSS growth over FUZZ_RSS_LIMIT_MIB, changed sentinel state or a route missing from
// bench/lib/fuzz/routes.ts. Node's own answers to unparsable requests (400/431/417) are counted apart.
import os from "node:os";
import path from "node:path";
import { startFuzzApp } from "./lib/fuzz/app";
import { inspectApp, mappingGrowth, readMappings, type HeapStats, type Mappings } from "./lib/fuzz/inspect";
import { generateCase, STARTED_RUNTIME } from "./lib/fuzz/generate";
import { clip, describeAnswer, describeRequest, mib, Tally } from "./lib/fuzz/report";
import { missingRoutes } from "./lib/fuzz/route-coverage";
import { fuzzClient, judge } from "./lib/fuzz/send";
import { FUZZ_ADMIN, FUZZ_API_KEY, prepareTargets, readSentinel } from "./lib/fuzz/setup";
import { freePort } from "./lib/chaos-cluster";
import type { FuzzAnswer, FuzzCase, FuzzTargets } from "./lib/fuzz/types";

const root = path.resolve(__dirname, "..");
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const seed = num("FUZZ_SEED", 1);
const total = num("FUZZ_REQUESTS", 10_000);
const concurrency = num("FUZZ_CONCURRENCY", 8);
const slowMs = num("FUZZ_SLOW_MS", 2_000);
const rssLimitMiB = num("FUZZ_RSS_LIMIT_MIB", 150);
const skip = process.env.FUZZ_SKIP ? new RegExp(process.env.FUZZ_SKIP) : null;
// An empty FUZZ_REPLAY (as npm test passes it, to clear an operator's) is a full run, not a replay of nothing.
const replayed = (process.env.FUZZ_REPLAY ?? "").split(",").filter(Boolean).map(Number);
const replay = replayed.length ? replayed : undefined;
const snapshotDir = process.env.FUZZ_HEAP_SNAPSHOTS || undefined;
const heap = process.env.FUZZ_HEAP === "1" || snapshotDir !== undefined;

type Client = ReturnType<typeof fuzzClient>;

/** Send a case's steps in order; a `{started}` path takes the runtime the previous step started (skipped without one). */
async function sendCase(client: Client, c: FuzzCase): Promise<FuzzAnswer[]> {
  const answers: FuzzAnswer[] = [];
  for (const step of c.steps) {
    if (step.path.includes(STARTED_RUNTIME)) {
      const started = answers.length ? startedRuntime(answers[answers.length - 1]) : null;
      if (!started) break;
      step.path = step.path.replace(STARTED_RUNTIME, started);
    }
    answers.push(await client.send(step));
  }
  return answers;
}

function startedRuntime(a: FuzzAnswer): string | null {
  if (a.status !== 201) return null;
  try {
    return String((JSON.parse(a.body) as { workflowRuntimeId?: string }).workflowRuntimeId ?? "") || null;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const missing = missingRoutes(root);
  if (missing.length) {
    console.log(`[fuzz] routes not in bench/lib/fuzz/routes.ts (add them): ${missing.join(", ")}`);
    return 1;
  }
  const adminDatabaseUrl = process.env.FUZZ_DATABASE_URL || undefined;
  const t0 = performance.now();
  const logFile = path.join(os.tmpdir(), `kyc-fuzz-app-${seed}-${process.pid}.log`);
  // A free port unless FUZZ_PORT is given: a server already on a fixed port would be fuzzed in our app's stead.
  const port = process.env.FUZZ_PORT ? num("FUZZ_PORT", 3317) : await freePort();
  const inspectPort = process.env.FUZZ_PORT ? port + 1000 : await freePort();
  const app = await startFuzzApp({
    appDir: process.env.FUZZ_APP_DIR ? path.resolve(process.env.FUZZ_APP_DIR) : root,
    port,
    apiKey: FUZZ_API_KEY,
    admin: FUZZ_ADMIN,
    adminDatabaseUrl,
    logFile,
    nodeArgs: [...(process.env.FUZZ_NODE_ARGS?.split(" ").filter(Boolean) ?? []), ...(heap ? [`--inspect=127.0.0.1:${inspectPort}`] : [])],
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`[fuzz] ${signal}: stopping the app and removing its database`);
      void app.stop().finally(() => process.exit(1));
    });
  }
  const client = fuzzClient(app.baseUrl, num("FUZZ_TIMEOUT_MS", 20_000));
  try {
    const t1 = performance.now();
    const targets = await prepareTargets(app.baseUrl);
    console.error(`[fuzz] app ready in ${((t1 - t0) / 1000).toFixed(1)} s, targets created in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    console.log(`[fuzz] seed ${seed} · ${replay ? `replaying ${replay.join(", ")}` : `${total} requests`} · ${app.database} · concurrency ${concurrency} · app log ${logFile}`);
    return replay ? await replayCases(client, targets) : await fuzz(app, client, targets, inspectPort);
  } finally {
    await client.close();
    await app.stop();
  }
}

async function replayCases(client: Client, targets: FuzzTargets): Promise<number> {
  let bad = 0;
  for (const index of replay!) {
    const c = generateCase(seed, index, targets);
    console.log(`[fuzz] index ${index} (${c.kind})`);
    const answers = await sendCase(client, c);
    answers.forEach((a, i) => {
      const { faults, nodeLevel } = judge(c.steps[i], a, slowMs);
      bad += faults.length;
      console.log(`  request ${i + 1}: ${describeRequest(c.steps[i], 4_000)}\n  answer: ${describeAnswer(a, 4_000)}\n  headers: ${JSON.stringify(a.headers)}\n  verdict: ${faults.join(", ") || "ok"}${nodeLevel ? " (answered by Node, not the app)" : ""}`);
    });
  }
  return bad ? 1 : 0;
}

async function fuzz(app: Awaited<ReturnType<typeof startFuzzApp>>, client: Client, targets: FuzzTargets, inspectPort: number): Promise<number> {
  // Warm-up (not counted): a tenth of the run, at most 300 cases, from another seed, so "RSS before" includes the
  // code and caches every route loads on first use and the growth is what the run itself leaves behind.
  const warmup = Math.min(300, Math.floor(total / 10));
  for (let i = 0; i < warmup; i += concurrency) {
    await Promise.all(Array.from({ length: Math.min(concurrency, warmup - i) }, (_, k) => sendCase(client, generateCase(seed + 7_919, i + k, targets))));
  }
  const before = await readSentinel(app.baseUrl, targets);
  const rssBefore = app.rssKiB();
  const inspector = heap ? await inspectApp(inspectPort) : null;
  const heapBefore = await heapStats(inspector, "before");
  const mappingsBefore = inspector ? readMappings(app.pid) : null;
  let rssPeak = rssBefore ?? 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, app.rssKiB() ?? 0)), 500);
  const tally = new Tally();
  const started = performance.now();
  const health = { running: true, worstMs: 0, over1s: 0, probes: 0 };
  const prober = (async () => {
    // The health check on its own connection once a second: a frozen event loop shows here, whoever froze it.
    while (health.running) {
      const t0 = performance.now();
      await fetch(`${app.baseUrl}/api/health`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer(), () => undefined);
      const ms = performance.now() - t0;
      health.probes++;
      health.worstMs = Math.max(health.worstMs, ms);
      if (ms > 1_000) health.over1s++;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  })();
  let next = 0;
  let skipped = 0;
  // Cases in flight, printed when nothing has finished for 30 s (a stall in the app or in the fuzzer).
  const inFlight = new Map<number, { c: FuzzCase; since: number }>();
  let lastDone = performance.now();
  const stallWatch = setInterval(() => {
    if (performance.now() - lastDone < 30_000) return;
    lastDone = performance.now();
    console.error(`[fuzz] nothing finished for 30 s; in flight: ${[...inFlight.values()].map(({ c, since }) => `index ${c.index} (${c.kind}, ${((performance.now() - since) / 1000).toFixed(0)} s): ${c.steps.map((s) => `${s.method} ${clip(s.path, 100)}`).join(" → ")}`).join("; ") || "none"}`);
  }, 5_000);
  const worker = async () => {
    while (next < total && app.alive()) {
      const c = generateCase(seed, next++, targets);
      if (skip?.test(c.kind)) {
        skipped++;
        continue;
      }
      inFlight.set(c.index, { c, since: performance.now() });
      const answers = await sendCase(client, c);
      inFlight.delete(c.index);
      lastDone = performance.now();
      answers.forEach((a, i) => {
        const { faults, nodeLevel, unsent } = judge(c.steps[i], a, slowMs);
        tally.record(c, i, a, faults, nodeLevel, unsent);
      });
      tally.cases++;
      if (tally.cases % Math.max(100, Math.floor(total / 10)) === 0) console.error(`[fuzz] ${tally.cases}/${total} · ${((performance.now() - started) / 1000).toFixed(0)} s · RSS ${mib(app.rssKiB())}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(stallWatch);
  health.running = false;
  await prober;
  const alive = app.alive();
  const rssAfter = app.rssKiB();
  const heapAfter = alive ? await heapStats(inspector, "after") : null;
  const mappingsAfter: Mappings | null = heapAfter ? readMappings(app.pid) : null;
  inspector?.close();
  let intact = false;
  let sentinelNote = "";
  if (alive) {
    try {
      const after = await readSentinel(app.baseUrl, targets);
      intact = after === before;
      if (!intact) sentinelNote = `\n  before: ${clip(before, 600)}\n  after:  ${clip(after, 600)}`;
    } catch (error) {
      sentinelNote = ` (${(error as Error).message})`;
    }
  }
  const growthMiB = rssBefore !== null && rssAfter !== null ? (rssAfter - rssBefore) / 1024 : Infinity;
  const f = tally.faults;
  tally.printClasses(seed);
  console.log(`[fuzz] seed ${seed} · ${tally.cases} requests (${tally.requests} HTTP${skip ? `; ${skipped} skipped by FUZZ_SKIP` : ""}) · ${app.database.split(" (")[0]} · ${seconds.toFixed(0)} s`);
  console.log(`[fuzz] 5xx: ${f["5xx"]} · non-problem answers from the app: ${f["non-problem"]} · over ${slowMs / 1000} s: ${f.slow} · no answer: ${f["no-answer"]} · answered by Node before the app (not counted): ${tally.nodeLevel} · refused by the client, not sent: ${tally.unsent}`);
  console.log(`[fuzz] slowest ${tally.slowest.ms.toFixed(0)} ms (${tally.slowest.req?.method} ${clip(tally.slowest.req?.path ?? "", 80)}) · largest answer ${(tally.largest.bytes / 1e6).toFixed(2)} MB (${tally.largest.req?.method} ${clip(tally.largest.req?.path ?? "", 80)})`);
  console.log(`[fuzz] health check during the run: worst ${health.worstMs.toFixed(0)} ms, ${health.over1s} of ${health.probes} over 1 s`);
  console.log(`[fuzz] RSS before ${mib(rssBefore)} · after ${mib(rssAfter)} (${growthMiB >= 0 ? "+" : ""}${growthMiB.toFixed(0)} MiB, limit +${rssLimitMiB}) · peak ${mib(rssPeak)}`);
  if (heapBefore && heapAfter) {
    const m = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
    const d = (k: keyof HeapStats) => `${heapAfter[k] >= heapBefore[k] ? "+" : ""}${m(heapAfter[k] - heapBefore[k])}`;
    console.log(`[fuzz] after a full GC: heapUsed ${m(heapBefore.heapUsed)} → ${m(heapAfter.heapUsed)} (${d("heapUsed")}) · heapTotal ${m(heapBefore.heapTotal)} → ${m(heapAfter.heapTotal)} (${d("heapTotal")}) · external ${m(heapBefore.external)} → ${m(heapAfter.external)} (${d("external")}) · RSS ${m(heapBefore.rss)} → ${m(heapAfter.rss)} (${d("rss")})${snapshotDir ? ` · snapshots in ${snapshotDir}` : ""}`);
    if (mappingsBefore && mappingsAfter) console.log(`[fuzz] after a full GC, resident MiB grew in: ${mappingGrowth(mappingsBefore, mappingsAfter)}`);
  }
  console.log(`[fuzz] seeded state intact: ${alive ? (intact ? "yes" : "NO") : "unknown: the app died"}${sentinelNote}`);
  const failed = f["5xx"] + f["non-problem"] + f.slow + f["no-answer"] > 0 || growthMiB > rssLimitMiB || !intact || !alive;
  console.log(`[fuzz] ${failed ? "FAIL" : "PASS"} (replay a request: FUZZ_SEED=${seed} FUZZ_REPLAY=<index> npm run fuzz)`);
  return failed ? 1 : 0;
}

/** The server's memory after a forced GC (FUZZ_HEAP), and a heap snapshot when FUZZ_HEAP_SNAPSHOTS is set. */
async function heapStats(inspector: Awaited<ReturnType<typeof inspectApp>> | null, label: string): Promise<HeapStats | null> {
  if (!inspector) return null;
  const stats = await inspector.heapAfterGc();
  if (snapshotDir) await inspector.snapshot(path.join(snapshotDir, `${label}.heapsnapshot`));
  return stats;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[fuzz] ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  },
);
