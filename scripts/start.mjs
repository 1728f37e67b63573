#!/usr/bin/env node
// `npm start`: build once when no production build exists, then serve the API and backoffice on PORT.
// Migrations, seeding and the in-process worker run inside each server process at start (instrumentation.ts).
//
// WEB_CONCURRENCY=N (N > 1) runs N server processes sharing the port through node:cluster: this process is the
// primary (it builds, forks, restarts servers that die and stops them on SIGTERM/SIGINT) and each cluster worker
// runs Next.js's own CLI (`next start`), whose listen() is shared through the primary.
import { spawn, spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { serverEnv, serverNodeArgs } from "./server-runtime.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const port = process.env.PORT || "3000";
process.env.NEXTAUTH_URL ||= process.env.PUBLIC_URL || `http://localhost:${port}`;
// `next build` and `next start` set NODE_ENV=production themselves. Mark that NODE_ENV as theirs, not the operator's,
// so the zero-setup start on the embedded database keeps APP_ENVIRONMENT's sandbox default (lib/config/app-environment.ts).
if (process.env.NODE_ENV !== "production") process.env.NODE_ENV_FROM_NEXT_START = "1";
else delete process.env.NODE_ENV_FROM_NEXT_START;

/** How long servers get to finish after SIGTERM/SIGINT before they are killed. */
const STOP_GRACE_MS = 15_000;
/** Restart back-off: 1 s after a crash, doubling per consecutive crash, at most 30 s. */
const RESTART_BASE_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** A server that ran this long before dying starts the back-off afresh. */
const STABLE_AFTER_MS = 60_000;

const processes = webConcurrency();

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("[start] no production build found: running `next build` (once)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const nextArgs = ["start", "-p", port, ...process.argv.slice(2)];
if (processes === 1) startSingle();
else startCluster(processes);

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
  const server = spawn(process.execPath, [...serverNodeArgs(), nextBin, ...nextArgs], { cwd: root, stdio: "inherit", env: serverEnv() });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function startCluster(count) {
  const log = (line) => console.log(`[cluster] ${line}`);
  // Each worker runs `node next/dist/bin/next start -p PORT …`, exactly what `next start` runs; being a cluster
  // worker, its server's listen() goes through this process, which hands connections round-robin to the workers.
  cluster.setupPrimary({ exec: nextBin, args: nextArgs, cwd: root, execArgv: [...process.execArgv, ...serverNodeArgs()] });

  /** One slot per server process: the live worker and its crash back-off. */
  const slots = Array.from({ length: count }, (_, i) => ({ n: i + 1, worker: undefined, startedAt: 0, crashes: 0, timer: undefined }));
  let stopping = false;
  let anyListening = false;
  let exitCode = 0;

  function fork(slot) {
    const worker = cluster.fork(serverEnv());
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
          process.exit(exitCode);
        }
        return;
      }
      if (!anyListening) {
        // Nothing ever served (port taken, broken build, bad arguments): fail like a single `next start` would.
        console.error(`[cluster] server ${slot.n}/${count} (pid ${worker.process.pid}) exited (${how}) before any server started listening: stopping`);
        stop("SIGTERM", 1);
        return;
      }
      slot.crashes = Date.now() - slot.startedAt >= STABLE_AFTER_MS ? 1 : slot.crashes + 1;
      const delay = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** (slot.crashes - 1));
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
      }
      return;
    }
    stopping = true;
    exitCode = code;
    for (const s of slots) {
      clearTimeout(s.timer);
      s.timer = undefined;
    }
    const live = slots.filter((s) => s.worker);
    if (live.length === 0) process.exit(exitCode);
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
