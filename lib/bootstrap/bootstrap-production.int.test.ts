import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { projects, secrets, users } from "../db/schema";
import { env, resetEnvCache } from "../config/env";
import { decryptString } from "../security/encryption";
import { rotateWebhookSecret } from "../webhooks/rotate-secret";
import { bootstrap } from "./bootstrap";

// A deployment: DATABASE_URL set and APP_ENVIRONMENT unset, so production by default. Only env() sees DATABASE_URL
// here; the database is the test's own.
const SEEDED = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const saved = { APP_ENVIRONMENT: process.env.APP_ENVIRONMENT, DATABASE_URL: process.env.DATABASE_URL };
let t: TestDatabase;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

beforeAll(async () => {
  t = await openTestDatabase();
  delete process.env.APP_ENVIRONMENT;
  process.env.DATABASE_URL = t.url ?? "postgres://deployment.example/kyc";
  process.env.SEED_WEBHOOK_SECRET = SEEDED;
  resetEnvCache();
});
afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  delete process.env.SEED_WEBHOOK_SECRET;
  resetEnvCache();
  await t.dispose();
});

const currentSecret = async () => decryptString((await t.db.select().from(projects))[0].webhookSecret!, "default/webhook-secret");

describe(`bootstrap of a deployment (${process.env.TEST_DB_KIND})`, () => {
  it("runs in production by default, says so, and seeds no sandbox secrets and no admin without a password", async () => {
    expect(env().APP_ENVIRONMENT).toBe("production");
    await bootstrap(t.db, log);
    expect(lines[0]).toMatch(/^\[env\] APP_ENVIRONMENT=production \(default: DATABASE_URL is set\): no sandbox routes/);
    expect(await t.db.select().from(secrets)).toEqual([]);
    expect(await t.db.select().from(users)).toEqual([]);
    expect(lines).toContain("[bootstrap] no admin created: set SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD to create the first admin.");
  });

  it("SEED_WEBHOOK_SECRET creates the project's secret; a rotation survives every later start", async () => {
    expect(await currentSecret()).toBe(SEEDED);
    const { secret: rotated } = await rotateWebhookSecret(t.db, "default", 0);
    await bootstrap(t.db, log);
    await bootstrap(t.db, log);
    expect(await currentSecret()).toBe(rotated);
  });
});
