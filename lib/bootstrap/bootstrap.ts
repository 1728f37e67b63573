import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { environmentLogLine } from "../config/app-environment";
import { env } from "../config/env";
import type { Db } from "../db/client";
import { apiKeys, users } from "../db/schema";
import { API_SCOPES } from "../api-contract/scopes";
import { apiKeyPrefix, generateApiKey, hashApiKey } from "../security/api-key-format";
import { hashPassword } from "../auth/password";
import { logger } from "../observability/logger";
import { masterKeys } from "../security/master-keys";
import { seedSandboxSecrets } from "./sandbox-secrets";
import { seedExampleDefinition } from "./seed-example";
import { ensureProjectWebhookSecret } from "./webhook-secret";

export const DEFAULT_PROJECT_ID = "default";

/**
 * Idempotent start-up seeding: the `default` project with a webhook signing secret, an admin user, an API key
 * and the worked example definition (plus, in the sandbox, the secrets the example uses). Logs first which
 * environment this process runs in and why; generated credentials are printed once, when they are created.
 */
export async function bootstrap(db: Db, log: (line: string) => void = (line) => logger().info(line)): Promise<void> {
  const e = env();
  log(environmentLogLine({ environment: e.APP_ENVIRONMENT, reason: e.environmentReason }));
  // Production refuses to start without MASTER_KEY and AUTH_SECRET (rather than at the first secret or sign-in).
  if (e.isProduction) masterKeys();
  // One transaction under an advisory lock: processes starting together on a fresh database (WEB_CONCURRENCY,
  // several containers) seed once, and credentials are printed only once they are committed.
  const lines: string[] = [];
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const push = (line: string) => lines.push(line);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kyc-bootstrap'))`);
    await ensureProjectWebhookSecret(tx, DEFAULT_PROJECT_ID, "Default project", push);
    await ensureAdmin(tx, push);
    const apiKey = await ensureApiKey(tx, push);
    await seedExampleDefinition(tx, DEFAULT_PROJECT_ID);
    if (e.APP_ENVIRONMENT === "sandbox") await seedSandboxSecrets(tx, DEFAULT_PROJECT_ID, apiKey, push);
  });
  lines.forEach((line) => log(line));
}

async function ensureAdmin(db: Db, log: (line: string) => void): Promise<void> {
  const e = env();
  const email = (e.SEED_ADMIN_EMAIL ?? "admin@example.com").toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return;
  if (!e.SEED_ADMIN_PASSWORD && e.isProduction) {
    log("[bootstrap] no admin created: set SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD to create the first admin.");
    return;
  }
  const password = e.SEED_ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
  const inserted = await db
    .insert(users)
    .values({ projectId: DEFAULT_PROJECT_ID, email, firstName: "Admin", lastName: "", role: "admin", passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length && !e.SEED_ADMIN_PASSWORD) {
    log(`[bootstrap] created admin ${email} with password: ${password}  (shown once; set SEED_ADMIN_PASSWORD to choose it)`);
  }
}

/** Ensure the project has an API key holding every scope; returns the key when this start knows it (`SEED_API_KEY`, or just created). */
async function ensureApiKey(db: Db, log: (line: string) => void): Promise<string | undefined> {
  const seeded = env().SEED_API_KEY;
  if (seeded) {
    await db
      .insert(apiKeys)
      .values({ projectId: DEFAULT_PROJECT_ID, name: "Seed key (SEED_API_KEY)", prefix: apiKeyPrefix(seeded), keyHash: hashApiKey(seeded), scopes: [...API_SCOPES] })
      .onConflictDoNothing();
    return seeded;
  }
  const [any] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, DEFAULT_PROJECT_ID), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (any) return undefined;
  const key = generateApiKey();
  await db.insert(apiKeys).values({ projectId: DEFAULT_PROJECT_ID, name: "Generated at first start", prefix: apiKeyPrefix(key), keyHash: hashApiKey(key), scopes: [...API_SCOPES] });
  log(`[bootstrap] created API key for project '${DEFAULT_PROJECT_ID}': ${key}  (shown once; set SEED_API_KEY to choose it)`);
  return key;
}
