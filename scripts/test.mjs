#!/usr/bin/env node
// `npm test`: the whole suite. Vitest (unit + integration on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), the crash test and the container image's start on PostgreSQL (when TEST_DATABASE_URL
// is set), a 1,000-request
// fuzz run on PGlite, then the Playwright specs in Debian's Chromium when it is installed.
// Ends with one summary line "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reports = path.join(root, "test-results");
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

let passed = 0;
let failed = 0;
let ok = true;

/** Run a TypeScript script (through tsx) that exits 0 on success, counted as one test; one that hangs gets SIGTERM. */
function runScriptAsOneTest(script, extraEnv, timeoutMs) {
  const run = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv }, timeout: timeoutMs, killSignal: "SIGTERM" });
  if (run.status === 0) passed += 1;
  else {
    failed += 1;
    ok = false;
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.log("[test] TEST_DATABASE_URL is not set: integration tests run on embedded PGlite only.");
}
const vitestReport = path.join(reports, "vitest-report.json");
rmSync(vitestReport, { force: true });
const vitest = spawnSync(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`], {
  cwd: root,
  stdio: "inherit",
  env,
});
ok &&= vitest.status === 0;
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (vitest.status !== 0 && !r.numFailedTests ? 1 : 0);
} else if (vitest.status !== 0) failed += 1;

// The crash test (`npm run chaos`, bench/chaos.ts) at a small size, counted as one test: the app and two workers
// on a fresh PostgreSQL database, 100 flows, 3 SIGKILLs of each kind; it fails on any lost or duplicated work.
// It needs a build (built once when missing, like `npm start`); a run that hangs is stopped with SIGTERM, on
// which it stops its processes and drops its database.
if (process.env.TEST_DATABASE_URL) {
  console.log("[test] crash test: 100 flows, 3 worker kills, 3 app kills (bench/chaos.ts)");
  runScriptAsOneTest("bench/chaos.ts", { CHAOS_FLOWS: "100", CHAOS_WORKER_KILLS: "3", CHAOS_APP_KILLS: "3", CHAOS_DATABASE_URL: process.env.TEST_DATABASE_URL }, 10 * 60_000);
}

// The container image without Docker (tests/standalone-image.ts), counted as one test: the Dockerfile's runtime
// stage laid out from the build's standalone output, started with its CMD and ENV on a fresh PostgreSQL database,
// ready by its HEALTHCHECK, one full flow, then SIGTERM and a clean exit. Needs the build (the crash test above
// makes one when missing).
if (process.env.TEST_DATABASE_URL) {
  console.log("[test] standalone image: the Dockerfile's runtime stage without Docker, one flow, SIGTERM (tests/standalone-image.ts)");
  runScriptAsOneTest("tests/standalone-image.ts", {}, 3 * 60_000);
}

// The fuzzer (`npm run fuzz`, bench/fuzz.ts) at 1,000 requests on PGlite, counted as one test: hostile bodies,
// definitions, paths, methods and headers against every route of the built app (built once when missing, like
// `npm start`); it fails on any 5xx, non-problem error answer, request over 2 s, RSS growth over 150 MiB or changed
// sentinel state. FUZZ_SEED picks another seed; a hanging run is stopped with SIGTERM.
console.log("[test] fuzz: 1,000 hostile requests on PGlite (bench/fuzz.ts)");
runScriptAsOneTest("bench/fuzz.ts", { FUZZ_REQUESTS: "1000", FUZZ_DATABASE_URL: "", FUZZ_REPLAY: "" }, 5 * 60_000);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (process.env.SKIP_E2E === "1") {
  console.log("[test] SKIP_E2E=1: browser specs skipped.");
} else if (!existsSync(chromium)) {
  console.log(`[test] no Chromium at ${chromium}: browser specs skipped (apt-get install chromium, or set CHROMIUM_PATH).`);
} else {
  const e2eReport = path.join(reports, "e2e-report.json");
  rmSync(e2eReport, { force: true });
  const pw = spawnSync(bin("playwright"), ["test", "--reporter=list,json"], {
    cwd: root,
    stdio: ["inherit", "inherit", "inherit"],
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  });
  ok &&= pw.status === 0;
  if (existsSync(e2eReport)) {
    const s = JSON.parse(readFileSync(e2eReport, "utf8")).stats ?? {};
    passed += s.expected ?? 0;
    failed += (s.unexpected ?? 0) + (pw.status !== 0 && !s.unexpected ? 1 : 0);
  } else if (pw.status !== 0) failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
