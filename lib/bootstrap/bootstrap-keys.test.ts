import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/client";

const VARS = ["APP_ENVIRONMENT", "DATABASE_URL", "MASTER_KEY", "AUTH_SECRET"] as const;
const saved = Object.fromEntries(VARS.map((key) => [key, process.env[key]]));
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.resetModules();
});

/** bootstrap() from fresh modules (the environment and the master keys are cached per module instance). */
async function startWith(vars: Partial<Record<(typeof VARS)[number], string | undefined>>) {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.resetModules();
  const { bootstrap } = await import("./bootstrap");
  const lines: string[] = [];
  const noDatabase = { transaction: () => Promise.reject(new Error("the database was reached")) } as unknown as Db;
  const outcome = await bootstrap(noDatabase, (line) => lines.push(line)).then(
    () => "started",
    (error: Error) => error.message,
  );
  return { outcome, lines };
}

describe("bootstrap: production needs its keys before anything else", () => {
  it("refuses to start a deployment (DATABASE_URL set) without MASTER_KEY and AUTH_SECRET, after saying why it is production", async () => {
    const { outcome, lines } = await startWith({ APP_ENVIRONMENT: undefined, DATABASE_URL: "postgres://deployment.example/kyc", MASTER_KEY: undefined, AUTH_SECRET: undefined });
    expect(outcome).toMatch(/^MASTER_KEY and AUTH_SECRET must be set when APP_ENVIRONMENT=production/);
    expect(lines).toEqual([expect.stringMatching(/^\[env\] APP_ENVIRONMENT=production \(default: DATABASE_URL is set\)/)]);
  });

  it("goes on to the database when they are set, and in the sandbox without them", async () => {
    expect((await startWith({ APP_ENVIRONMENT: undefined, DATABASE_URL: "postgres://deployment.example/kyc", MASTER_KEY: "0f".repeat(32), AUTH_SECRET: "s" })).outcome).toBe(
      "the database was reached",
    );
    expect((await startWith({ APP_ENVIRONMENT: "sandbox", DATABASE_URL: undefined, MASTER_KEY: undefined, AUTH_SECRET: undefined })).outcome).toBe("the database was reached");
  });
});
