import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * `scripts/worker.ts` in a child process on `databaseUrl` with `concurrency` jobs at a time: one process (no tsx
 * wrapper), so SIGKILL really kills the worker. Its stderr is shown with the test's.
 */
export function spawnWorkerProcess(databaseUrl: string | undefined, concurrency: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, DATABASE_URL: databaseUrl, WORKER_CONCURRENCY: String(concurrency) },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
