// The container image without Docker (run by `npm test` when TEST_DATABASE_URL is set, after the build):
// lays out the Dockerfile's runtime stage from this checkout's build (its `COPY --from=build` lines), starts its
// CMD with its ENV on a fresh PostgreSQL database (created and dropped here), waits until its HEALTHCHECK command
// passes, runs one KYB flow through the API (run, the vendor call of the API plugin, manual review, approve, the
// webhook plugin and the workflow.completed system webhook), then sends SIGTERM and checks a clean exit within
// a few seconds. Prints one `standalone image: PASS|FAIL …` line; exits 1 on failure.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createBenchDatabase, type BenchDatabase } from "../bench/lib/bench-database";
import { chaosClient } from "../bench/lib/chaos-client";
import { freePort } from "../bench/lib/chaos-cluster";
import { runBody, runFlow } from "../bench/lib/chaos-flow";
import { setUpFlows } from "../bench/lib/chaos-setup";
import { registrationNumber, startChaosVendor, type ChaosVendor } from "../bench/lib/chaos-vendor";
import { distDir, root } from "../bench/lib/next-build";
import { copiesFrom, envOf, execForm, last, readDockerfile } from "./support/dockerfile";

const API_KEY = `kyc_image_${randomBytes(16).toString("hex")}`;
const BOOT_DEADLINE_MS = 60_000;
const STOP_DEADLINE_MS = 8_000;
const log = (line: string) => console.log(`[standalone image] ${line}`);

async function main(): Promise<void> {
  const started = performance.now();
  const stages = readDockerfile(path.join(root, "Dockerfile"));
  const runtime = stages.at(-1)!;
  const buildStage = stages.find((s) => s.name === "build");
  if (!buildStage) throw new Error("the Dockerfile has no stage named build");
  const buildDir = last(buildStage, "WORKDIR") ?? "/";
  const workdir = last(runtime, "WORKDIR") ?? "/";
  if (!existsSync(path.join(root, distDir(), "standalone", "server.js"))) {
    throw new Error(`no standalone server in ${distDir()}/standalone: this build predates output: "standalone"; run \`npm run build\``);
  }

  // The image's file system: / of the image is `image`, each COPY --from=build taken from this checkout.
  const image = mkdtempSync(path.join(tmpdir(), "kyc-image-"));
  const inImage = (p: string) => path.join(image, path.posix.isAbsolute(p) ? p : path.posix.join(workdir, p));
  // A build in NEXT_DIST_DIR (bench, chaos) has its standalone server look for <distDir>/static, not .next/static.
  const dist = (p: string) => p.replace(/^(\.\/)?\.next(?=\/|$)/, `$1${distDir()}`);
  for (const copy of copiesFrom(runtime, "build")) {
    const relative = dist(path.posix.relative(buildDir, copy.src));
    const dest = dist(copy.dest);
    const from = path.join(root, relative);
    // The build stage creates public/ when the app has none (`RUN mkdir -p public`), so the COPY never fails.
    if (!existsSync(from) && relative === "public") mkdirSync(inImage(dest), { recursive: true });
    else cpSync(from, inImage(dest), { recursive: true });
  }
  const imageEnv = envOf(runtime);
  // Absolute paths the image's ENV names (DATA_DIR, MIGRATIONS_DIR) point into the laid-out image as well.
  for (const [key, value] of Object.entries(imageEnv)) if (value.startsWith("/")) imageEnv[key] = inImage(value);
  mkdirSync(imageEnv.DATA_DIR ?? inImage("/data"), { recursive: true });

  let database: BenchDatabase | undefined;
  let vendor: ChaosVendor | undefined;
  let server: ChildProcess | undefined;
  const logFile = path.join(image, "server.log");
  let passed = false;
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
      await vendor?.close();
      await database?.drop().catch((error) => log(`could not drop database ${database?.name}: ${error instanceof Error ? error.message : error}`));
      if (passed) rmSync(image, { recursive: true, force: true });
      else log(`the laid-out image and its server.log are kept in ${image}`);
    })());
  // npm test stops a hanging run with SIGTERM: kill the server and drop the database first.
  process.once("SIGTERM", () => void cleanup().finally(() => process.exit(1)));
  try {
    database = await createBenchDatabase(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", "image");
    vendor = await startChaosVendor();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // A container's environment: PATH, the image's ENV, and what an operator passes with `docker run -e`.
    if (imageEnv.NODE_ENV !== "production") throw new Error("the image's ENV must set NODE_ENV=production");
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      ...imageEnv,
      NODE_ENV: "production",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATABASE_URL: database.url,
      MASTER_KEY: randomBytes(32).toString("hex"),
      AUTH_SECRET: randomBytes(32).toString("hex"),
      NEXTAUTH_URL: baseUrl,
      SEED_API_KEY: API_KEY,
      OUTBOUND_ALLOWED_HOSTS: vendor.host,
      WEBHOOK_RETRY_SCALE: "0.01",
    };
    const [command, ...args] = execForm(last(runtime, "CMD") ?? "").argv;
    if (command !== "node") throw new Error(`the image's CMD starts ${command}, not node`);
    const out = openSync(logFile, "a");
    server = spawn(process.execPath, args, { cwd: inImage(workdir), env, stdio: ["ignore", out, out] });
    closeSync(out);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server!.once("exit", (code, signal) => resolve({ code, signal })));

    const health = execForm(last(runtime, "HEALTHCHECK") ?? "");
    const [hcCommand, ...hcArgs] = health.argv;
    if (hcCommand !== "node") throw new Error(`the HEALTHCHECK runs ${hcCommand}, which the slim image lacks (use node)`);
    const bootStarted = performance.now();
    for (;;) {
      if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the server exited while starting:\n${tail(logFile)}`);
      if (spawnSync(process.execPath, hcArgs, { env, timeout: 5_000 }).status === 0) break;
      if (performance.now() - bootStarted > BOOT_DEADLINE_MS) throw new Error(`the HEALTHCHECK did not pass within ${BOOT_DEADLINE_MS / 1000} s:\n${tail(logFile)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const ready = (await (await fetch(`${baseUrl}/api/health/ready`)).json()) as { checks: { database: { kind: string }; worker: { inProcess: boolean } } };
    if (ready.checks.database.kind !== "postgres" || !ready.checks.worker.inProcess) throw new Error(`unexpected readiness: ${JSON.stringify(ready)}`);
    log(`ready (HEALTHCHECK passed) after ${((performance.now() - bootStarted) / 1000).toFixed(1)} s`);
    // The backoffice's static files come from the COPY of .next/static.
    const login = await fetch(`${baseUrl}/login`);
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(await login.text())?.[1];
    const asset = script ? await fetch(`${baseUrl}${script}`) : undefined;
    if (login.status !== 200 || asset?.status !== 200) throw new Error(`/login answered ${login.status}, its script ${script ?? "(none)"} ${asset?.status}`);

    await setUpFlows(baseUrl, API_KEY, vendor.origin, "image_kyb");
    const client = chaosClient(baseUrl, API_KEY, 2, 30_000);
    const flow = await runFlow(1, 0, { client, vendorOrigin: vendor.origin, definitionId: "image_kyb", keyPrefix: "image", onWrite: () => undefined });
    await client.close();
    if (flow.error || flow.state !== "approve") throw new Error(`the flow did not end in state approve: ${flow.error ?? flow.state}`);
    const deadline = Date.now() + 20_000;
    const seen = () => ({
      vendorCalls: vendor!.received.filter((r) => r.path.startsWith("/registry/")).length,
      webhookPlugin: vendor!.received.filter((r) => r.path.startsWith("/hooks/")).length,
      completed: vendor!.events().filter((e) => e.eventName === "workflow.completed" && e.runtimeId === flow.runtimeId).length,
    });
    while (Object.values(seen()).some((n) => n === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (Object.values(seen()).some((n) => n === 0)) throw new Error(`the flow's calls did not all arrive: ${JSON.stringify(seen())}`);
    log(`flow ${flow.runtimeId}: approved; vendor, webhook plugin and workflow.completed received ${JSON.stringify(seen())}`);

    // SIGTERM while a job is in flight: flow 99's vendor call answers after 119 ms; the worker must finish it.
    const inFlight = await startVendorCall(baseUrl, vendor, 99);
    const stopAt = performance.now();
    server.kill("SIGTERM");
    const timer = setTimeout(() => server?.kill("SIGKILL"), STOP_DEADLINE_MS);
    const { code, signal } = await exited;
    clearTimeout(timer);
    const stopMs = performance.now() - stopAt;
    // Next.js exits 143 (128 + SIGTERM) after its graceful close; boot.ts holds that exit until the worker has stopped.
    if (signal || (code !== 0 && code !== 143)) throw new Error(`SIGTERM: the server ended with ${signal ?? `code ${code}`} after ${stopMs.toFixed(0)} ms:\n${tail(logFile)}`);
    const errors = readFileSync(logFile, "utf8").split("\n").filter((line) => /failed|Error:|unhandled/i.test(line));
    if (errors.length) throw new Error(`the server logged errors:\n${errors.slice(0, 10).join("\n")}`);
    const after = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      const [row] = await after<{ state: string; jobs: string[] }[]>`
        select r.state, array(select j.status from jobs j where j.runtime_id = r.id and j.kind = 'api_plugin') as jobs
        from workflow_runtimes r where r.id = ${inFlight}`;
      if (row?.state !== "manual_review" || row.jobs.join() !== "succeeded") {
        throw new Error(`SIGTERM did not let the worker finish its job in flight: runtime ${JSON.stringify(row)}`);
      }
    } finally {
      await after.end({ timeout: 5 });
    }
    log(`SIGTERM: the job in flight finished (runtime in manual_review); exited with code ${code} after ${stopMs.toFixed(0)} ms`);
    console.log(`standalone image: PASS (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    passed = true;
  } finally {
    await cleanup();
  }
}

/** Start flow `i` (run, then the start event without waiting) and resolve with its runtime id once its vendor call has arrived. */
async function startVendorCall(baseUrl: string, vendor: ChaosVendor, i: number): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1/external/workflows${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { workflowRuntimeId?: string };
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const { workflowRuntimeId } = await post("/run", runBody(i, { definitionId: "image_kyb", vendorOrigin: vendor.origin }));
  await post(`/${workflowRuntimeId}/send-event`, { name: "start" });
  const deadline = Date.now() + 10_000;
  while (!vendor.received.some((r) => r.path === `/registry/${registrationNumber(i)}`)) {
    if (Date.now() > deadline) throw new Error(`flow ${i}'s vendor call did not arrive within 10 s`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return String(workflowRuntimeId);
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error("[standalone image]", error instanceof Error ? error.message : error);
    console.log("standalone image: FAIL");
    process.exit(1);
  },
);
