import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "../config/env";
import type { Db } from "../db/client";
import { projects } from "../db/schema";
import { decryptString, encryptString } from "../security/encryption";
import { masterKeys } from "../security/master-keys";
import { secretAad } from "../webhooks/signing";

const RANDOM_BYTES = 24;
const TAG_BYTES = 8;

/**
 * A webhook signing secret for a project's first start: `whsec_` + base64 of 24 random bytes followed by an
 * 8-byte tag (HMAC of those bytes under the master key). The tag lets a later start tell "still the generated
 * secret" from one that was seeded or rotated since, without a column to remember it.
 */
export function firstStartWebhookSecret(projectId: string): string {
  const random = randomBytes(RANDOM_BYTES);
  return `whsec_${Buffer.concat([random, tag(projectId, random)]).toString("base64")}`;
}

/** True only for a secret made by `firstStartWebhookSecret` for this project under this master key. */
export function isFirstStartWebhookSecret(projectId: string, secret: string): boolean {
  const bytes = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  if (!secret.startsWith("whsec_") || bytes.length !== RANDOM_BYTES + TAG_BYTES) return false;
  return timingSafeEqual(bytes.subarray(RANDOM_BYTES), tag(projectId, bytes.subarray(0, RANDOM_BYTES)));
}

function tag(projectId: string, random: Buffer): Buffer {
  return createHmac("sha256", masterKeys().masterKey).update(`kyc first-start webhook secret\0${projectId}\0`).update(random).digest().subarray(0, TAG_BYTES);
}

/**
 * Create the project row with its webhook signing secret, once. `SEED_WEBHOOK_SECRET` is that secret when the
 * project is created, or replaces the secret its first start generated; a secret seeded earlier or rotated since
 * (backoffice, API) is never replaced, and a start with a different `SEED_WEBHOOK_SECRET` says so in the log.
 */
export async function ensureProjectWebhookSecret(db: Db, projectId: string, name: string, log: (line: string) => void): Promise<void> {
  const seeded = env().SEED_WEBHOOK_SECRET;
  const seal = (secret: string) => encryptString(secret, secretAad(projectId));
  const [row] = await db.select({ secret: projects.webhookSecret }).from(projects).where(eq(projects.id, projectId));
  if (!row) {
    await db.insert(projects).values({ id: projectId, name, webhookSecret: seal(seeded ?? firstStartWebhookSecret(projectId)) }).onConflictDoNothing();
    return;
  }
  if (!seeded) return;
  const current = row.secret === null ? null : decryptString(row.secret, secretAad(projectId));
  if (current === seeded) return;
  if (current === null || isFirstStartWebhookSecret(projectId, current)) {
    await db.update(projects).set({ webhookSecret: seal(seeded) }).where(eq(projects.id, projectId));
    log(`[bootstrap] webhook signing secret of project '${projectId}' set from SEED_WEBHOOK_SECRET`);
    return;
  }
  log(
    `[bootstrap] SEED_WEBHOOK_SECRET not applied: project '${projectId}' already has a webhook signing secret that was seeded or rotated; ` +
      "SEED_WEBHOOK_SECRET only creates the first one. Rotate it in Settings → Webhooks (or unset SEED_WEBHOOK_SECRET) instead.",
  );
}
