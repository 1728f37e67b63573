// `npm run chaos`: the crash test. Starts the app on a fresh PostgreSQL database with separate worker processes,
// drives CHAOS_FLOWS KYB flows through the API with a client that retries with the same Idempotency-Key, SIGKILLs
// the workers CHAOS_WORKER_KILLS times and the app CHAOS_APP_KILLS times at seeded random moments, lets
// everything settle, and reports lost or duplicated work. Exits 1 on any loss or duplicate.
// CHAOS_SEED repeats a kill plan; CHAOS_DATABASE_URL (else TEST_DATABASE_URL) names the PostgreSQL server;
// NEXT_DIST_DIR picks the build folder (default .next; built once when missing).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createBenchDatabase, redact } from "./lib/bench-database";
import { superviseCrashes } from "./lib/child-process";
import { chaosClient, type ChaosClient } from "./lib/chaos-client";
import { CHAOS_API_KEY, chaosCluster, type ChaosCluster } from "./lib/chaos-cluster";
import { chaosConfig, killPlan } from "./lib/chaos-config";
import { runFlow, type FlowContext, type FlowOutcome } from "./lib/chaos-flow";
import { runKills } from "./lib/chaos-killer";
import { report, retryWaitsAfterAppKills } from "./lib/chaos-report";
import { setUpFlows } from "./lib/chaos-setup";
import { flowKind, startChaosVendor, type ChaosVendor } from "./lib/chaos-vendor";
import { failed, settle, verify } from "./lib/chaos-verify";
import { distDir, ensureBuild } from "./lib/next-build";

const DEFINITION_ID = "chaos_kyb";
const log = (line: string) => console.log(`[chaos] ${line}`);

async function main(): Promise<number> {
  const started = performance.now();
  const config = chaosConfig();
  const logDir = mkdtempSync(path.join(tmpdir(), "kyc-chaos-"));
  log(`seed ${config.seed} (CHAOS_SEED=${config.seed} repeats this kill plan)`);
  log(`${config.flows} flows by ${config.clients} clients; ${config.workers} workers killed ${config.workerKills} times, the app ${config.appKills} times`);
  log(`build ${distDir()}/, database server ${redact(config.adminUrl)}, process logs in ${logDir}`);
  ensureBuild(log);

  let vendor: ChaosVendor | undefined;
  let cluster: ChaosCluster | undefined;
  let client: ChaosClient | undefined;
  let sql: postgres.Sql | undefined;
  let stopSupervising = () => {};
  const database = await createBenchDatabase(config.adminUrl, "chaos");
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      stopSupervising();
      await client?.close().catch(() => undefined);
      await cluster?.stop();
      await sql?.end({ timeout: 5 });
      await database.drop().catch((error) => log(`could not drop database ${database.name}: ${error instanceof Error ? error.message : error}`));
      await vendor?.close();
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping every process and dropping the database`);
      setTimeout(() => process.exit(130), 20_000).unref();
      void cleanup().finally(() => process.exit(130));
    });
  }

  try {
    vendor = await startChaosVendor();
    cluster = await chaosCluster({ databaseUrl: database.url, outboundHost: vendor.host, workers: config.workers, logDir });
    const bootMs = await cluster.startApp(180_000);
    cluster.workers.forEach((w) => w.start());
    stopSupervising = superviseCrashes([cluster.app, ...cluster.workers], log);
    log(`app on ${cluster.baseUrl} answering after ${(bootMs / 1000).toFixed(1)} s; ${config.workers} workers started`);
    client = chaosClient(cluster.baseUrl, CHAOS_API_KEY, config.clients + 2, config.requestDeadlineMs);
    await setUpFlows(cluster.baseUrl, CHAOS_API_KEY, vendor.origin, DEFINITION_ID);

    let writes = 0;
    const ctx: FlowContext = { client, vendorOrigin: vendor.origin, definitionId: DEFINITION_ID, keyPrefix: `chaos-${config.seed}`, onWrite: () => void writes++ };
    let loadDone = false;
    let totalWrites = 0;
    for (let i = 0; i < config.flows; i++) totalWrites += flowKind(i).startsWith("auto_") ? 2 : 3;
    const outcomes: FlowOutcome[] = [];
    let next = 0;
    const loadStarted = performance.now();
    const load = Promise.all(
      Array.from({ length: config.clients }, async (_, c) => {
        for (let i = next++; i < config.flows; i = next++) outcomes.push(await runFlow(i, c, ctx));
      }),
    ).finally(() => (loadDone = true));
    const plan = killPlan(config.seed, config);
    const [, kills] = await Promise.all([load, runKills(plan, cluster, () => writes / totalWrites, () => loadDone, log)]);
    const loadMs = performance.now() - loadStarted;
    log(`load done in ${(loadMs / 1000).toFixed(1)} s; waiting for jobs and webhooks to settle`);

    sql = postgres(database.url, { max: 2, onnotice: () => undefined });
    const settled = await settle(sql, vendor, config.settleMs);
    const verdict = await verify(sql, vendor, outcomes.sort((a, b) => a.index - b.index));
    const unexpectedExits = [cluster.app, ...cluster.workers].reduce((n, p) => n + p.unexpectedExits, 0);
    const waits = retryWaitsAfterAppKills(kills.appKilledAt, client.writes);
    const lines = report({ config, verdict, kills, counts: client.counts, waits, unexpectedExits, settled, loadMs, totalMs: performance.now() - started });
    for (const line of lines) console.log(line);
    const bad = failed(verdict);
    if (bad) console.error(`[chaos] process logs kept in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
    return bad ? 1 : 0;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("[chaos] the run could not complete:", error);
    console.log("chaos: FAIL (the run could not complete)");
    process.exit(1);
  },
);
