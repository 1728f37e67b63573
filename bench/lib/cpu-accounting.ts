import { readdirSync, readFileSync } from "node:fs";

/** CPU time used so far, in milliseconds, by the app's server processes, PostgreSQL, and this process. */
export interface CpuSnapshot {
  app: number;
  postgres: number;
  loadGenerator: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * Read user + system CPU time of every process from /proc: Next.js servers (`next-server`, and the
 * `scripts/start.mjs` primary) count as the app, `postgres` backends as the database, and this process
 * (load generator and vendor stub) on its own. Null where /proc is unavailable (not Linux); processes that
 * exit between two snapshots drop out, so phases are measured while the app keeps running.
 */
export function cpuSnapshot(): CpuSnapshot | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const snap: CpuSnapshot = { app: 0, postgres: 0, loadGenerator: 0 };
  for (const pid of entries) {
    if (Number(pid) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
      if (comm === "postgres") snap.postgres += ms;
      else if (comm.startsWith("next-server") || (comm === "node" && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/start.mjs"))) snap.app += ms;
    } catch {
      // the process exited while we read it
    }
  }
  const own = process.cpuUsage();
  snap.loadGenerator = (own.user + own.system) / 1000;
  return snap;
}

/** CPU milliseconds per completed request in each part between two snapshots, rounded to 0.01 ms. */
export function cpuPer(before: CpuSnapshot | null, after: CpuSnapshot | null, completed: number): Record<string, number> | undefined {
  if (!before || !after || completed === 0) return undefined;
  const per = (a: number, b: number) => Math.round(((b - a) / completed) * 100) / 100;
  return { app: per(before.app, after.app), postgres: per(before.postgres, after.postgres), loadGenerator: per(before.loadGenerator, after.loadGenerator) };
}
