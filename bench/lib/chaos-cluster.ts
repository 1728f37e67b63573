import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { Restartable } from "./child-process";
import { distDir, nextBin } from "./next-build";

export const CHAOS_API_KEY = `kyc_chaos_${randomBytes(16).toString("hex")}`;

/** A TCP port nobody listens on right now (the kernel's pick), never a fixed one such as 3000. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ChaosCluster {
  baseUrl: string;
  app: Restartable;
  workers: Restartable[];
  /** Start the app (again) and wait until it answers authenticated requests; returns how long that took, in ms. */
  startApp(timeoutMs?: number): Promise<number>;
  /** Stop everything gracefully (SIGTERM, then SIGKILL after a grace period). */
  stop(): Promise<void>;
}

/**
 * The app (`next start`, built in NEXT_DIST_DIR or .next, with its in-process worker off: `RUN_WORKER=false`)
 * and `workers` separate job workers (`scripts/worker.ts`), all on `databaseUrl`. Nothing is started yet.
 * `outboundHost` (the vendor stub's host:port) is the only destination plugins and webhooks may reach.
 */
export async function chaosCluster(options: { databaseUrl: string; outboundHost: string; workers: number; logDir: string }): Promise<ChaosCluster> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    NEXT_DIST_DIR: distDir(),
    NEXT_TELEMETRY_DISABLED: "1",
    APP_ENVIRONMENT: "sandbox",
    DATA_DIR: path.join(options.logDir, "data"),
    MASTER_KEY: randomBytes(32).toString("hex"),
    AUTH_SECRET: randomBytes(32).toString("hex"),
    SEED_API_KEY: CHAOS_API_KEY,
    SEED_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}`,
    OUTBOUND_ALLOWED_HOSTS: options.outboundHost,
    RATE_LIMIT_PER_MINUTE: "0",
    // A short attempt timeout keeps the lease of a delivery whose worker was killed short (timeout + 10 s),
    // and a scaled-down retry schedule makes a failed attempt come back in seconds.
    WEBHOOK_TIMEOUT_MS: "3000",
    WEBHOOK_RETRY_SCALE: "0.01",
    RUN_WORKER: "false",
    PORT: String(port),
    NEXTAUTH_URL: baseUrl,
    DB_POOL_MAX: "20",
  };
  const log = (name: string) => path.join(options.logDir, `${name}.log`);
  const app = new Restartable("app", [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], env, log("app"));
  const workers = Array.from(
    { length: options.workers },
    (_, i) => new Restartable(`worker ${i + 1}`, ["--import", "tsx", "scripts/worker.ts"], { ...env, WORKER_CONCURRENCY: "16" }, log(`worker-${i + 1}`)),
  );

  async function startApp(timeoutMs = 90_000): Promise<number> {
    const started = performance.now();
    app.start();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!app.running) throw new Error(`the app exited while starting; see ${log("app")}:\n${tail(log("app"))}`);
      if (await answers(baseUrl)) return performance.now() - started;
      if (Date.now() > deadline) throw new Error(`the app did not answer within ${timeoutMs / 1000} s; see ${log("app")}:\n${tail(log("app"))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    baseUrl,
    app,
    workers,
    startApp,
    async stop() {
      await Promise.all([app, ...workers].map((p) => p.stop()));
    },
  };
}

/** Whether the app answers an authenticated request (the first start seeds the API key during boot). */
async function answers(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/v1/external/workflow-definitions`, {
      headers: { authorization: `Bearer ${CHAOS_API_KEY}` },
      signal: AbortSignal.timeout(5000),
    });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}
