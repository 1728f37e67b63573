import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { distDir } from "../../bench/lib/next-build";

/**
 * Helpers of the tests that run `npm start` (scripts/start.mjs) as a process of its own against the production
 * build in `NEXT_DIST_DIR` (next.config.mjs and start.mjs read it), else `.next`.
 */
export const root = path.resolve(__dirname, "../..");
export const startScript = path.join(root, "scripts", "start.mjs");

/** Why a test of the built app cannot run here (no build, or not on PostgreSQL), or undefined when it can. */
export function builtAppSkip(): string | undefined {
  if ((process.env.TEST_DB_KIND ?? "pglite") !== "postgres") return "runs in the int-postgres project only: set TEST_DATABASE_URL";
  if (!existsSync(path.join(root, distDir(), "BUILD_ID"))) return `no production build (${distDir()}/BUILD_ID): run \`npx next build\` first`;
  return undefined;
}

/** The environment of a started app: the test keys and DATA_DIR from vitest, a production NODE_ENV, no database. */
export function appEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "info", ...extra };
  if (!("DATABASE_URL" in extra)) delete env.DATABASE_URL;
  return env;
}

/** A free TCP port in 3400–3499 (the range these tests may use). */
export async function freePort(): Promise<number> {
  const first = 3400 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 3400 + ((first - 3400 + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once("error", () => resolve(false));
      s.listen(port, () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 3400–3499");
}

/** Pids whose parent is `pid` (from /proc, Linux). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may contain spaces, so read after the last ")".
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) === pid && state !== "Z") out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out.sort((a, b) => a - b);
}

/** The name of `pid` (`/proc/<pid>/comm`: the process title, cut to 15 characters), or "" once it has ended. */
export function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

export interface StartedApp {
  process: ChildProcess;
  /** Everything it and its children wrote to stdout and stderr so far. */
  output(): string;
  /** Once it has exited and its output (and its children's) has been read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Run `node scripts/start.mjs` with `env`, collecting its output. */
export function spawnStart(env: NodeJS.ProcessEnv): StartedApp {
  let output = "";
  const child = spawn(process.execPath, [startScript], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  // "close", not "exit": the last lines it and its children wrote have been read by then.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
  return { process: child, output: () => output, exited };
}

/** Kill `app` and its children outright (after a failed test; a clean stop is the test's own business). */
export function killStarted(app: StartedApp | undefined): void {
  const child = app?.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const children = childrenOf(child.pid!);
  child.kill("SIGKILL");
  for (const pid of children) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Reject after `ms` with `what` unless `promise` settles first. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms / 1000} s`)), ms).unref())]);
}
