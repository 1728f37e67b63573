import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** CPU time used so far, in milliseconds, by the app's server processes, PostgreSQL, and this process. */
export interface CpuSnapshot {
  app: number;
  postgres: number;
  loadGenerator: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Whose CPU counts: the app started in `appRoot` and the PostgreSQL backends serving `database`. */
export interface CpuScope {
  appRoot: string;
  database: string;
}

/**
 * Read user + system CPU time of every process from /proc: Next.js servers (`next-server`, and the
 * `scripts/start.mjs` primary) count as the app, `postgres` processes as the database, and this process
 * (load generator and vendor stub) on its own. With a `scope`, only the app processes running in
 * `scope.appRoot` and the backends connected to `scope.database` count, so other servers and databases on a
 * shared machine stay out of the figures (PostgreSQL's own background processes then do too). Null where /proc is
 * unavailable (not Linux); processes that exit between two snapshots drop out, so phases are measured while the
 * app keeps running.
 */
export function cpuSnapshot(scope?: CpuScope): CpuSnapshot | null {
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
      if (comm === "postgres") {
        // A backend's command line reads "postgres: [<cluster>: ]<user> <database> <client> <activity>".
        if (!scope || readFileSync(`/proc/${pid}/cmdline`, "utf8").split(/[\s\0]+/).includes(scope.database)) snap.postgres += ms;
      } else if (comm.startsWith("next-server") || (comm === "node" && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/start.mjs"))) {
        if (!scope || readlinkSync(`/proc/${pid}/cwd`) === scope.appRoot) snap.app += ms;
      }
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
