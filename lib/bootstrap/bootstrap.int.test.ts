import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../db/testing";
import { apiKeys, projects, secrets, users, workflowDefinitions } from "../db/schema";
import { resetEnvCache } from "../config/env";
import { hashApiKey } from "../security/api-key-format";
import { decryptString } from "../security/encryption";
import { verifyPassword } from "../auth/password";
import { bootstrap } from "./bootstrap";

let t: TestDatabase;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  delete process.env.SEED_API_KEY;
  delete process.env.SEED_WEBHOOK_SECRET;
  resetEnvCache();
  await t.dispose();
});

describe(`bootstrap (${process.env.TEST_DB_KIND})`, () => {
  it("seeds the default project, an admin, an API key and the example definition, printing generated credentials once", async () => {
    // Two processes starting together on a fresh database, then a restart.
    await Promise.all([bootstrap(t.db, log), bootstrap(t.db, log)]);
    await bootstrap(t.db, log);
    expect(await t.db.select().from(projects)).toHaveLength(1);
    const [admin] = await t.db.select().from(users);
    expect(admin.email).toBe("admin@example.com");
    expect(admin.role).toBe("admin");
    const printed = lines.find((l) => l.includes("created admin"))!;
    const password = /password: (\S+)/.exec(printed)![1];
    expect(await verifyPassword(password, admin.passwordHash)).toBe(true);
    expect(lines.filter((l) => l.includes("created admin"))).toHaveLength(1);
    const keys = await t.db.select().from(apiKeys);
    expect(keys).toHaveLength(1);
    const printedKey = /API key for project 'default': (\S+)/.exec(lines.join("\n"))![1];
    expect(keys[0].keyHash).toBe(hashApiKey(printedKey));
    expect(keys[0].keyHash).not.toContain(printedKey);
    const defs = await t.db.select().from(workflowDefinitions);
    expect(defs.map((d) => [d.projectId, d.id, d.version])).toEqual([["default", "kyb_manual_review_example", 1]]);
  });

  it("stores sandbox secrets encrypted", async () => {
    const rows = await t.db.select().from(secrets).where(eq(secrets.name, "REGISTRY_API_KEY"));
    expect(rows[0].ciphertext).not.toContain("sandbox-registry-key");
    expect(decryptString(rows[0].ciphertext, "default/REGISTRY_API_KEY")).toBe("sandbox-registry-key");
  });

  it("adds SEED_API_KEY and applies SEED_WEBHOOK_SECRET idempotently", async () => {
    process.env.SEED_API_KEY = "kyc_seeded_key_for_tests_0123456789";
    process.env.SEED_WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    resetEnvCache();
    await bootstrap(t.db, log);
    await bootstrap(t.db, log);
    const hashes = (await t.db.select().from(apiKeys)).map((k) => k.keyHash);
    expect(hashes.filter((h) => h === hashApiKey("kyc_seeded_key_for_tests_0123456789"))).toHaveLength(1);
    const [project] = await t.db.select().from(projects);
    expect(decryptString(project.webhookSecret!, "default/webhook-secret")).toBe("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  });
});
