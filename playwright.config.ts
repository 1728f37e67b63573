import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN, E2E_API_KEY, E2E_RECEIVER_PORT, E2E_VENDOR_PORT } from "./e2e/fixtures";

// Browser tests drive Debian's Chromium (CHROMIUM_PATH overrides), never a downloaded browser.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;
// Each run serves the built app on a fresh embedded database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "kyc-e2e-"));


export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A page's first render on a loaded two-core CI machine can take several seconds; on a starved one (25–50 %
  // steal seen) a sign-in and two first renders took most of a minute, so CI gives each test two.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: "node scripts/start.mjs",
        url: `${baseURL}/api/health`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: "pipe",
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          SEED_ADMIN_EMAIL: E2E_ADMIN.email,
          SEED_ADMIN_PASSWORD: E2E_ADMIN.password,
          SEED_API_KEY: E2E_API_KEY,
          NEXT_TELEMETRY_DISABLED: "1",
          // The specs' local vendor stub and webhook receiver (node:http servers started by the specs).
          OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${E2E_VENDOR_PORT},127.0.0.1:${E2E_RECEIVER_PORT}`,
        },
      },
});
