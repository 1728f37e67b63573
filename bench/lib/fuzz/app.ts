import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverEnv, serverNodeArgs } from "../../../scripts/server-runtime.mjs";

export interface FuzzAppOptions {
  /** The checkout whose build is served (the repository root unless FUZZ_APP_DIR says otherwise). */
  appDir: string;
  port: number;
  apiKey: string;
  admin: { email: string; password: string };
  /** A PostgreSQL server URL to create a fresh database on; without it the app uses PGlite in a fresh DATA_DIR. */
  adminDatabaseUrl?: string;
  /** Where the app's stdout and stderr go. */
  logFile: string;
  /** Node flags for the server process (e.g. `--inspect=127.0.0.1:4317` for FUZZ_HEAP). */
  nodeArgs?: string[];
}

export interface FuzzApp {
  baseUrl: string;
  database: string;
  /** The server process's id. */
  pid: number;
  /** VmRSS of the server process in KiB, or null once it is gone. */
  rssKiB(): number | null;
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * Serve the built app for fuzzing: build first when `${NEXT_DIST_DIR ?? ".next"}/BUILD_ID` is missing (as
 * scripts/start.mjs does), then run `next start` on a fresh embedded database (or a fresh PostgreSQL database,
 * dropped again by `stop`) with the seeded API key and admin, in the sandbox environment, without a rate limit.
 *
 * The server is `next start` itself rather than scripts/start.mjs: start.mjs with one process runs exactly that
 * command, with the same Node flags and allocator settings (scripts/server-runtime.mjs), and spawning it directly
 * makes the spawned pid the server whose RSS is measured (and start.mjs looks for the build in `.next` only,
 * whatever NEXT_DIST_DIR says).
 */
export async function startFuzzApp(o: FuzzAppOptions): Promise<FuzzApp> {
  const nextBin = path.join(o.appDir, "node_modules", "next", "dist", "bin", "next");
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  if (!existsSync(path.join(o.appDir, distDir, "BUILD_ID"))) {
    console.error(`[fuzz] no production build in ${distDir}: running \`next build\` (once)…`);
    const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: o.appDir, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kyc-fuzz-"));
  let dropDatabase = async () => undefined as void;
  let databaseUrl = "";
  let database = `PGlite (${dataDir})`;
  if (o.adminDatabaseUrl) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(o.adminDatabaseUrl, { max: 1, onnotice: () => undefined });
    const name = `fuzz_${Date.now().toString(36)}_${process.pid}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(o.adminDatabaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = `PostgreSQL (database ${name}, dropped afterwards)`;
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const baseUrl = `http://127.0.0.1:${o.port}`;
  const log = createWriteStream(o.logFile);
  const child = spawn(process.execPath, [...serverNodeArgs(), ...(o.nodeArgs ?? []), nextBin, "start", "-p", String(o.port), "-H", "127.0.0.1"], {
    cwd: o.appDir,
    env: serverEnv({
      ...process.env,
      NODE_ENV: "production",
      APP_ENVIRONMENT: "sandbox",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      MASTER_KEY: "0f".repeat(32),
      AUTH_SECRET: "fuzz-auth-secret",
      NEXTAUTH_URL: baseUrl,
      SEED_API_KEY: o.apiKey,
      SEED_ADMIN_EMAIL: o.admin.email,
      SEED_ADMIN_PASSWORD: o.admin.password,
      RATE_LIMIT_PER_MINUTE: "0",
      NEXT_TELEMETRY_DISABLED: "1",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const cleanUp = async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!alive()) {
      await cleanUp();
      throw new Error(`the app exited (${child.signalCode ?? `code ${child.exitCode}`}) before /api/health answered; see ${o.logFile}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      await cleanUp();
      throw new Error(`the app did not answer /api/health within 120 s; see ${o.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    database,
    pid: child.pid!,
    alive,
    rssKiB: () => (child.pid ? treeMaxRss(child.pid) : null),
    async stop() {
      if (alive()) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
      log.end();
      await cleanUp();
    },
  };
}

function vmRssKiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The largest VmRSS among `pid` and its descendants (should `next start` ever hand serving to a child). */
function treeMaxRss(pid: number): number | null {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  let best = vmRssKiB(pid);
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    for (const [c, pp] of parents) {
      if (pp !== p) continue;
      queue.push(c);
      const rss = vmRssKiB(c);
      if (rss !== null && (best === null || rss > best)) best = rss;
    }
  }
  return best;
}
