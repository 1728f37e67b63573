import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

/**
 * Start the built app (`next start`) on a fresh PostgreSQL database for benchmarking, building first when no
 * build exists. Returns its base URL and a stop function that also drops the database.
 */
export async function startBenchApp(env: Record<string, string>): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    const build = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `bench_${Date.now().toString(36)}`;
  const { default: postgres } = await import("postgres");
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const port = Number(process.env.BENCH_PORT ?? 3299);
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port)], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: url.toString(), PORT: String(port), NEXT_TELEMETRY_DISABLED: "1", DB_POOL_MAX: "20" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        // The first start seeds in the background of the first request: wait until the API key works.
        break;
      }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("the app did not start within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
