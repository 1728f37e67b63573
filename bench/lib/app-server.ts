import { spawn, type ChildProcess } from "node:child_process";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { createBenchDatabase, type BenchDatabase } from "./bench-database";
import type { CpuScope } from "./cpu-accounting";
import { ensureBuild, root } from "./next-build";

/**
 * Start the built app the way `npm start` does (`node scripts/start.mjs`) on a fresh PostgreSQL database for
 * benchmarking, building first when no build exists. `BENCH_APP_PROCESSES` (default 1) is passed as
 * `WEB_CONCURRENCY`, so values above 1 benchmark the cluster of server processes. Returns its base URL and a stop
 * function that also drops the database.
 */
export async function startBenchApp(env: Record<string, string>): Promise<{ baseUrl: string; cpuScope: CpuScope; tidy: () => Promise<void>; statementsFromNow: BenchDatabase["statementsFromNow"]; stop: () => Promise<void> }> {
  ensureBuild();
  const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", "bench");
  const dropDatabase = database.drop;
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const processes = process.env.BENCH_APP_PROCESSES ?? "1";
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      // The bench drives the worked example against a local vendor stub: the sandbox (a server DATABASE_URL
      // alone would default to production).
      APP_ENVIRONMENT: "sandbox",
      ...process.env,
      ...env,
      DATABASE_URL: database.url,
      PORT: String(port),
      WEB_CONCURRENCY: processes,
      NEXT_TELEMETRY_DISABLED: "1",
      DB_POOL_MAX: "20",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await dropDatabase();
      throw new Error(`the app exited (${child.signalCode ?? `code ${child.exitCode}`}) before it answered /api/health`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        // The first start seeds in the background of the first request: wait until the API key works.
        break;
      }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      await exited;
      await dropDatabase();
      throw new Error("the app did not start within 60 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (processes !== "1") console.error(`[bench] app started with ${processes} server processes (BENCH_APP_PROCESSES)`);
  return {
    baseUrl,
    cpuScope: { appRoot: root, database: database.name },
    tidy: () => database.tidy(),
    statementsFromNow: () => database.statementsFromNow(),
    async stop() {
      // SIGTERM reaches start.mjs, which stops every server process (and their in-process workers) before it exits.
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      await dropDatabase();
    },
  };
}

/** A port nothing listens on now (several benches can then run on one machine); BENCH_PORT fixes one instead. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
