import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { apiKeys, projects, secrets, users, workflowDefinitions } from "../db/schema";
import { authenticateApiKey } from "../api-keys/authenticate-api-key";
import { rotateWebhookSecret } from "../webhooks/rotate-secret";
import { encryptString } from "../security/encryption";
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
    expect(defs.map((d) => [d.projectId, d.id, d.version])).toEqual([
      ["default", "kyb_manual_review_example", 1],
      ["default", "kyb_review_deadlines_example", 1],
    ]);
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

  it("says first which environment it runs in and why", () => {
    expect(lines[0]).toMatch(/^\[env\] APP_ENVIRONMENT=sandbox \(APP_ENVIRONMENT=sandbox\): the sandbox vendor and webhook sink answer at \/api\/sandbox/);
  });

  it("in the sandbox, WEBHOOK_TOKEN is an API key of the project and every webhook plugin of the example sends it to the sink", async () => {
    const [row] = await t.db.select().from(secrets).where(eq(secrets.name, "WEBHOOK_TOKEN"));
    const token = decryptString(row.ciphertext, "default/WEBHOOK_TOKEN");
    expect(await authenticateApiKey(t, `Bearer ${token}`)).toMatchObject({ projectId: "default" });
    const [example] = await t.db.select().from(workflowDefinitions).where(eq(workflowDefinitions.id, "kyb_manual_review_example"));
    const webhooks = (example.extensions as { apiPlugins: { name: string; pluginKind: string; url: string; headers?: Record<string, string> }[] }).apiPlugins.filter(
      (p) => p.pluginKind === "webhook",
    );
    expect(webhooks.map((p) => [p.name, p.url, p.headers?.Authorization])).toEqual([
      ["finish_webhook", "{api_config.webhook_url}/finish", "Bearer {secret.WEBHOOK_TOKEN}"],
      ["fail_webhook", "{api_config.webhook_url}/fail", "Bearer {secret.WEBHOOK_TOKEN}"],
    ]);
  });

  it("replaces the random WEBHOOK_TOKEN of earlier versions by a known API key, and keeps one someone set", async () => {
    const setToken = (value: string) =>
      t.db.update(secrets).set({ ciphertext: encryptString(value, "default/WEBHOOK_TOKEN") }).where(eq(secrets.name, "WEBHOOK_TOKEN"));
    const token = async () => decryptString((await t.db.select().from(secrets).where(eq(secrets.name, "WEBHOOK_TOKEN")))[0].ciphertext, "default/WEBHOOK_TOKEN");
    await setToken("sandbox-0123456789abcdef01234567");
    await bootstrap(t.db, log);
    expect(await token()).toBe("kyc_seeded_key_for_tests_0123456789");
    await setToken("chosen-by-someone");
    await bootstrap(t.db, log);
    expect(await token()).toBe("chosen-by-someone");
  });

  it("never undoes a rotation of the webhook secret, and says when SEED_WEBHOOK_SECRET is not applied", async () => {
    const current = async () => decryptString((await t.db.select().from(projects))[0].webhookSecret!, "default/webhook-secret");
    const { secret: rotated } = await rotateWebhookSecret(t.db, "default");
    lines.length = 0;
    await bootstrap(t.db, log);
    expect(await current()).toBe(rotated);
    expect(lines.join("\n")).toMatch(/SEED_WEBHOOK_SECRET not applied: project 'default' already has a webhook signing secret that was seeded or rotated/);
    process.env.SEED_WEBHOOK_SECRET = "whsec_c2Vjb25kIHNlZWQgdmFsdWUgZm9yIHRlc3Rz";
    resetEnvCache();
    await bootstrap(t.db, log);
    expect(await current()).toBe(rotated);
  });
});
