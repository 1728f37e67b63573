import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./next-build";

/** BENCH_WORKER_NODE_ARGS: extra Node options for the worker processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
const workerNodeArgs = () => (process.env.BENCH_WORKER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);

/** `count` worker processes on `databaseUrl`, as `npm start` runs them; resolves once each has polled. */
export async function startWorkerProcesses(count: number, databaseUrl: string): Promise<{ pids: () => number[]; stop: () => Promise<void> }> {
  const children: ChildProcess[] = [];
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", LOG_LEVEL: "warn" };
  await Promise.all(
    Array.from({ length: count }, async () => {
      const child = spawn(process.execPath, [...workerNodeArgs(), "--import", "tsx", path.join(root, "scripts", "worker.ts")], { cwd: root, env, stdio: ["ignore", "inherit", "inherit", "ipc"] });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once("message", () => resolve());
        child.once("exit", (code: number | null) => reject(new Error(`a worker process exited (code ${code}) before it polled`)));
      });
    }),
  );
  return {
    pids: () => children.map((c) => c.pid!),
    stop: async () => {
      await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : (c.once("exit", resolve), c.kill("SIGTERM"))))));
    },
  };
}

/** User + system CPU milliseconds of `pids` so far (Linux /proc; 0 for a process that is gone). */
export function cpuOf(pids: number[]): number {
  let ms = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // gone
    }
  }
  return ms;
}
