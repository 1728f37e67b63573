// The worker processes `npm start` supervises (WORKER_PROCESSES; see worker-plan.mjs): each is
// `node --import tsx scripts/worker.ts`, the same worker as `npm run worker`, with an IPC channel to this process.
import { spawn } from "node:child_process";
import path from "node:path";
import { restartDelay } from "./restart-backoff.mjs";

/**
 * Start `count` worker processes and keep them running: one that dies is started again after the back-off
 * (restart-backoff.mjs), with a log line. Each reports its loop's health over IPC about once a second
 * (lib/readiness/report-worker-health.ts); `relay()` is what the web servers' readiness reads of them
 * (lib/readiness/worker-processes.ts). `stop(signal)` passes the signal on (a worker finishes its jobs in flight,
 * then exits), SIGKILLs those still running after `graceMs`, and resolves once all have exited, to whether any had
 * to be killed.
 */
export function startWorkerProcesses({ count, root, env, nodeArgs, graceMs }) {
  const log = (line) => console.log(`[workers] ${line}`);
  const script = path.join(root, "scripts", "worker.ts");
  const slots = Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    child: undefined,
    startedAt: 0,
    crashes: 0,
    timer: undefined,
    lastPollAt: null,
    stallAfterMs: 5_000,
    restarts: 0,
    lastExit: null,
  }));
  let stopping = false;
  let forced = false;
  let allStopped;
  const stopped = new Promise((resolve) => (allStopped = resolve));
  const name = (slot, child) => `worker process ${slot.n}/${count}${child ? ` (pid ${child.pid})` : ""}`;

  function start(slot) {
    const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], { cwd: root, env, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    slot.child = child;
    slot.startedAt = Date.now();
    log(`${name(slot, child)} started`);
    child.on("message", (message) => {
      if (message?.kyc !== "worker-health") return;
      slot.lastPollAt = Date.now() - message.sinceLastPollMs;
      slot.stallAfterMs = message.stallAfterMs;
    });
    child.on("error", (error) => console.error(`[workers] ${name(slot, child)}: ${error.message}`));
    child.once("exit", (code, signal) => {
      slot.child = undefined;
      slot.lastExit = signal ? `signal ${signal}` : `code ${code}`;
      if (stopping) {
        log(`${name(slot, child)} stopped (${slot.lastExit})`);
        if (slots.every((s) => !s.child)) allStopped(forced);
        return;
      }
      const delay = restartDelay(slot, Date.now() - slot.startedAt);
      slot.restarts++;
      console.error(
        `[workers] ${name(slot, child)} exited unexpectedly (${slot.lastExit}); restarting it in ${delay / 1000} s` +
          (slot.crashes > 1 ? ` (crash ${slot.crashes} in a row)` : ""),
      );
      slot.timer = setTimeout(() => {
        slot.timer = undefined;
        if (!stopping) start(slot);
      }, delay);
    });
  }

  for (const slot of slots) start(slot);
  return {
    relay: () => ({
      kyc: "worker-processes",
      sentAt: Date.now(),
      processes: slots.map((s) => ({ slot: s.n, pid: s.child?.pid ?? null, lastPollAt: s.lastPollAt, stallAfterMs: s.stallAfterMs, restarts: s.restarts, lastExit: s.lastExit })),
    }),
    stop(signal) {
      if (stopping) return stopped;
      stopping = true;
      for (const s of slots) clearTimeout(s.timer);
      const live = slots.filter((s) => s.child);
      if (live.length === 0) allStopped(false);
      else {
        log(`stopping ${live.length} worker process(es) with ${signal}: each finishes its jobs in flight`);
        for (const s of live) s.child.kill(signal);
        setTimeout(() => {
          const left = slots.filter((s) => s.child);
          if (left.length === 0) return;
          console.error(`[workers] ${left.length} worker process(es) still running after ${graceMs / 1000} s: killing them`);
          forced = true;
          for (const s of left) s.child.kill("SIGKILL");
        }, graceMs).unref();
      }
      return stopped;
    },
    /** SIGKILL every worker process now (a second interrupt). */
    kill() {
      for (const s of slots) s.child?.kill("SIGKILL");
    },
  };
}
