#!/usr/bin/env node
// `npm start`: build once when no production build exists, then serve the API and backoffice on PORT.
// Migrations and seeding run inside each server process at start (instrumentation.ts).
//
// The job worker (plugin calls, webhook deliveries, timers): on PostgreSQL it runs in WORKER_PROCESSES processes
// of its own (default 1; `scripts/worker.ts`, as `npm run worker`), which this process starts, restarts when one
// dies, and relays the health of to the servers' readiness; the servers then run none. On the embedded database it
// runs inside the server process (one process owns the data folder). See worker-plan.mjs (RUN_WORKER too).
//
// WEB_CONCURRENCY=N (N > 1) runs N server processes sharing the port through node:cluster: this process is the
// primary (it builds, forks, restarts servers that die and stops them on SIGTERM/SIGINT) and each cluster worker
// runs Next.js's own CLI (`next start`), whose listen() is shared through the primary.
//
// SIGTERM/SIGINT: the servers stop accepting requests and finish those in flight, the worker processes finish
// their jobs in flight, all at once; this process exits when every one has stopped (stragglers are killed after
// 15 s). A second SIGINT kills them at once.
import { spawn, spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { availableParallelism, constants } from "node:os";
import path from "node:path";
import { restartDelay } from "./restart-backoff.mjs";
import { serverEnv, serverNodeArgs } from "./server-runtime.mjs";
import { workerPlan } from "./worker-plan.mjs";
import { startWorkerProcesses } from "./worker-processes.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const port = process.env.PORT || "3000";
process.env.NEXTAUTH_URL ||= process.env.PUBLIC_URL || `http://localhost:${port}`;
// `next build` and `next start` set NODE_ENV=production themselves. Mark that NODE_ENV as theirs, not the operator's,
// so the zero-setup start on the embedded database keeps APP_ENVIRONMENT's sandbox default (lib/config/app-environment.ts).
if (process.env.NODE_ENV !== "production") process.env.NODE_ENV_FROM_NEXT_START = "1";
else delete process.env.NODE_ENV_FROM_NEXT_START;

/** How long servers and worker processes get to finish after SIGTERM/SIGINT before they are killed. */
const STOP_GRACE_MS = 15_000;
/** How often the worker processes' health is relayed to the servers (their readiness allows 5 s). */
const RELAY_EVERY_MS = 1_000;

const processes = webConcurrency();
const keepAlive = keepAliveTimeout();
const plan = planWorkers();

// NEXT_DIST_DIR picks the build folder, as next.config.mjs's distDir does (a second build never overwrites `.next`).
const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
  console.log(`[start] no production build found in ${distDir}/: running \`next build\` (once)…`);
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const nextArgs = ["start", "-p", port, "--keepAliveTimeout", String(keepAlive), ...process.argv.slice(2)];
// The servers run the in-process worker only when the plan says so; KYC_SUPERVISED_WORKERS has their readiness
// follow the worker processes' health, relayed by this process (lib/readiness/worker-processes.ts).
const appEnv = serverEnv({
  ...process.env,
  RUN_WORKER: plan.serverRunsWorker ? "true" : "false",
  ...(plan.processes > 0 ? { KYC_SUPERVISED_WORKERS: String(plan.processes) } : {}),
});
// A worker process runs in production mode as `next start` runs the servers (JSON logs, the same APP_ENVIRONMENT).
const workers =
  plan.processes > 0
    ? startWorkerProcesses({ count: plan.processes, root, env: serverEnv({ ...process.env, NODE_ENV: "production" }), nodeArgs: serverNodeArgs(), graceMs: STOP_GRACE_MS })
    : undefined;
const stopped = exitWhenStopped();
if (processes === 1) startSingle();
else startCluster(processes);

/** Where the worker runs (worker-plan.mjs); exits with a one-line message when the settings are invalid. */
function planWorkers() {
  let p;
  try {
    p = workerPlan(process.env);
  } catch (error) {
    fail(error.message);
  }
  if (p.note) console.warn(`[start] ${p.note}`);
  if (p.processes > 0 && !existsSync(path.join(root, "node_modules", "tsx", "package.json"))) {
    console.warn("[start] tsx is not installed (npm ci --omit=dev?): the worker runs in the server process instead of WORKER_PROCESSES processes of its own.");
    return { processes: 0, serverRunsWorker: true };
  }
  if (p.processes > 0) console.log(`[start] the job worker runs in ${p.processes} process(es) of its own (WORKER_PROCESSES)`);
  return p;
}

/**
 * Stop the worker processes along with the servers and exit once both have: `servers(code)` reports that every
 * server has stopped (with the code to exit with); `stop(signal)` stops the worker processes.
 */
function exitWhenStopped() {
  let serversDone = false;
  let workersDone = !workers;
  let code = 0;
  const finish = () => serversDone && workersDone && process.exit(code);
  let stopping = false;
  return {
    stop(signal) {
      if (stopping) return;
      stopping = true;
      void workers?.stop(signal).then((forced) => {
        if (forced) code ||= 1;
        workersDone = true;
        finish();
      });
    },
    servers(exitCode) {
      code ||= exitCode;
      serversDone = true;
      this.stop("SIGTERM");
      finish();
    },
  };
}

/** Send the worker processes' health to `targets()` (servers with an IPC channel) every second. */
function relayWorkerHealth(targets) {
  if (!workers) return;
  setInterval(() => {
    const message = workers.relay();
    for (const target of targets()) if (target.connected) target.send(message, undefined, undefined, () => undefined);
  }, RELAY_EVERY_MS).unref();
}

/**
 * KEEP_ALIVE_TIMEOUT: how long (ms) a server keeps an idle client connection open, default 65,000 (the variable
 * Next.js's standalone server reads too). Node's own 5 s closes a kept-alive connection while a client or a load
 * balancer (60 s idle on the common ones) may already be sending on it: that request fails with ECONNRESET or a 502.
 * A server that waits longer than its clients lets them close first. Exits with a one-line message when invalid.
 */
function keepAliveTimeout() {
  const raw = (process.env.KEEP_ALIVE_TIMEOUT ?? "").trim();
  if (raw === "") return 65_000;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) fail(`KEEP_ALIVE_TIMEOUT must be a whole number of milliseconds, 1 or more (got "${raw}").`);
  return Number(raw);
}

/** WEB_CONCURRENCY: the number of server processes (default 1). Exits with a one-line message when invalid. */
function webConcurrency() {
  const raw = (process.env.WEB_CONCURRENCY ?? "").trim();
  if (raw === "") return 1;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    fail(`WEB_CONCURRENCY must be a whole number of server processes, 1 or more (got "${raw}").`);
  }
  const n = Number(raw);
  if (n > 1 && !process.env.DATABASE_URL) {
    fail(
      `WEB_CONCURRENCY=${n} needs DATABASE_URL: the embedded database (PGlite in DATA_DIR) can only be opened by one process, so several server processes need a PostgreSQL server; set DATABASE_URL or use WEB_CONCURRENCY=1.`,
    );
  }
  if (n > availableParallelism()) {
    console.warn(`[start] WEB_CONCURRENCY=${n} is more than this machine's ${availableParallelism()} cores.`);
  }
  return n;
}

function fail(message) {
  console.error(`[start] ${message}`);
  process.exit(1);
}

function startSingle() {
  const server = spawn(process.execPath, [...serverNodeArgs(), nextBin, ...nextArgs], { cwd: root, stdio: ["inherit", "inherit", "inherit", "ipc"], env: appEnv });
  relayWorkerHealth(() => [server]);
  let signalled;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      server.kill(signal);
      if (signal === "SIGINT" && signalled === "SIGINT") workers?.kill();
      signalled = signal;
      stopped.stop(signal);
    });
  }
  server.on("exit", (code, signal) => {
    if (workers && !signalled) console.error(`[start] the server exited (${signal ? `signal ${signal}` : `code ${code}`}): stopping the worker processes`);
    // After our SIGTERM/SIGINT, Next.js exits 128 + the signal's number once its requests are done (143, 130): a
    // clean stop, which exits 0 as the cluster's primary does (a supervisor would otherwise count it a failure).
    const clean = signalled !== undefined && (code === 128 + constants.signals.SIGTERM || code === 128 + constants.signals.SIGINT);
    stopped.servers(clean ? 0 : (code ?? (signal ? 1 : 0)));
  });
}

function startCluster(count) {
  const log = (line) => console.log(`[cluster] ${line}`);
  // Each worker runs `node next/dist/bin/next start -p PORT …`, exactly what `next start` runs; being a cluster
  // worker, its server's listen() goes through this process, which hands connections round-robin to the workers.
  cluster.setupPrimary({ exec: nextBin, args: nextArgs, cwd: root, execArgv: [...process.execArgv, ...serverNodeArgs()] });

  /** One slot per server process: the live worker and its crash back-off. */
  const slots = Array.from({ length: count }, (_, i) => ({ n: i + 1, worker: undefined, startedAt: 0, crashes: 0, timer: undefined }));
  relayWorkerHealth(() => slots.filter((s) => s.worker).map((s) => ({ connected: s.worker.isConnected(), send: (...args) => s.worker.send(...args) })));
  let stopping = false;
  let anyListening = false;
  let exitCode = 0;

  function fork(slot) {
    const worker = cluster.fork(appEnv);
    slot.worker = worker;
    slot.startedAt = Date.now();
    log(`server ${slot.n}/${count} started (pid ${worker.process.pid})`);
    worker.once("listening", () => {
      anyListening = true;
      log(`server ${slot.n}/${count} (pid ${worker.process.pid}) listening on port ${port}`);
    });
    worker.once("exit", (code, signal) => {
      slot.worker = undefined;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (stopping) {
        log(`server ${slot.n}/${count} (pid ${worker.process.pid}) stopped (${how})`);
        if (slots.every((s) => !s.worker)) {
          log("all servers stopped");
          stopped.servers(exitCode);
        }
        return;
      }
      if (!anyListening) {
        // Nothing ever served (port taken, broken build, bad arguments): fail like a single `next start` would.
        console.error(`[cluster] server ${slot.n}/${count} (pid ${worker.process.pid}) exited (${how}) before any server started listening: stopping`);
        stop("SIGTERM", 1);
        return;
      }
      const delay = restartDelay(slot, Date.now() - slot.startedAt);
      console.error(
        `[cluster] server ${slot.n}/${count} (pid ${worker.process.pid}) exited unexpectedly (${how}); restarting it in ${delay / 1000} s` +
          (slot.crashes > 1 ? ` (crash ${slot.crashes} in a row)` : ""),
      );
      slot.timer = setTimeout(() => {
        slot.timer = undefined;
        if (!stopping) fork(slot);
      }, delay);
    });
  }

  /** Stop every server with `signal` (each runs its own graceful shutdown), then exit; SIGKILL stragglers. */
  function stop(signal, code = 0) {
    if (stopping) {
      if (signal === "SIGINT") {
        log("second interrupt: killing the servers");
        for (const s of slots) s.worker?.process.kill("SIGKILL");
        workers?.kill();
      }
      return;
    }
    stopping = true;
    exitCode = code;
    stopped.stop(signal);
    for (const s of slots) {
      clearTimeout(s.timer);
      s.timer = undefined;
    }
    const live = slots.filter((s) => s.worker);
    if (live.length === 0) return stopped.servers(exitCode);
    log(`stopping ${live.length} server(s) with ${signal}`);
    for (const s of live) s.worker.process.kill(signal);
    setTimeout(() => {
      const left = slots.filter((s) => s.worker);
      console.error(`[cluster] ${left.length} server(s) still running after ${STOP_GRACE_MS / 1000} s: killing them`);
      for (const s of left) s.worker.process.kill("SIGKILL");
      exitCode ||= 1;
    }, STOP_GRACE_MS).unref();
  }

  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
  log(`primary pid ${process.pid}: starting ${count} server processes on port ${port}`);
  for (const slot of slots) fork(slot);
}
