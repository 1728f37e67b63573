import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "../db/client";
import { projects } from "../db/schema";
import { decryptString } from "../security/encryption";

/** Encryption context of the stored secrets (see lib/security/encryption.ts). */
export const secretAad = (projectId: string) => `${projectId}/webhook-secret`;
export const previousSecretAad = (projectId: string) => `${projectId}/webhook-secret-previous`;

/** A new Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * A short, non-reversible identifier of a secret, to tell which one is configured without showing it:
 * `sha256:` + the first 16 hex digits of the SHA-256 of the whole `whsec_...` string.
 */
export function secretFingerprint(secret: string): string {
  return `sha256:${createHash("sha256").update(secret, "utf8").digest("hex").slice(0, 16)}`;
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the event id, the same on every attempt),
 * `webhook-timestamp` (this attempt, Unix seconds) and `webhook-signature`, one `v1,<base64>` per secret,
 * space-separated (current first; the previous one too during a rotation overlap).
 *
 * @example signatureHeaders("evt_1", new Date(), body, [current, previous])
 * // { "webhook-id": "evt_1", "webhook-timestamp": "1767225600", "webhook-signature": "v1,AbC… v1,XyZ…" }
 */
export function signatureHeaders(eventId: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  if (secrets.length === 0) throw new Error("signatureHeaders needs at least one secret");
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(" "),
  };
}

/**
 * The secrets a delivery of `projectId` is signed with now: the current one, then the previous one while its
 * overlap lasts. Empty when the project has no secret yet.
 */
export async function signingSecrets(db: Db, projectId: string, now = new Date()): Promise<string[]> {
  const [row] = await db.select(SECRET_COLUMNS).from(projects).where(eq(projects.id, projectId));
  return secretsOf(row, projectId, now);
}

/** The project columns `secretsOf` reads, for a query that loads them with other rows. */
export const SECRET_COLUMNS = { current: projects.webhookSecret, previous: projects.webhookSecretPrevious, until: projects.webhookSecretPreviousUntil };

/** `signingSecrets` of the project's row (its `SECRET_COLUMNS`), decrypted. */
export function secretsOf(row: { current: string | null; previous: string | null; until: Date | null } | null | undefined, projectId: string, now = new Date()): string[] {
  if (!row?.current) return [];
  const secrets = [decryptString(row.current, secretAad(projectId))];
  if (row.previous && row.until && row.until > now) secrets.push(decryptString(row.previous, previousSecretAad(projectId)));
  return secrets;
}
