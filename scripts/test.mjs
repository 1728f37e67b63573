#!/usr/bin/env node
// `npm test`: the whole suite. Vitest (unit + integration on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), then the Playwright specs in Debian's Chromium when it is installed.
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
