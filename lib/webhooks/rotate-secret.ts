import "server-only";
import { eq } from "drizzle-orm";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { projects } from "../db/schema";
import { notFound } from "../errors";
import { decryptString, encryptString } from "../security/encryption";
import { generateWebhookSecret, previousSecretAad, secretAad, secretFingerprint } from "./signing";
import { auditedFor } from "../audit/audited-for";

export const DEFAULT_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface RotatedSecret {
  /** The new `whsec_...` secret. Shown once: it is stored encrypted and never returned again. */
  secret: string;
  fingerprint: string;
  /** Until when deliveries are also signed with the previous secret; null when there was none. */
  previousValidUntil: Date | null;
}

export interface WebhookSecretStatus {
  configured: boolean;
  fingerprint: string | null;
  previous: { fingerprint: string; validUntil: Date } | null;
}

/**
 * Replace the project's signing secret. The old current secret becomes the previous one and keeps signing
 * (a second `v1,` signature) until `now + overlapMs`, so receivers can switch without losing events;
 * `overlapMs = 0` drops it at once. A previous secret still in its overlap is discarded.
 *
 * @example const { secret } = await rotateWebhookSecret(db, "default"); // show `secret` to its owner once
 */
export async function rotateWebhookSecret(db: Db, projectId: string, overlapMs = DEFAULT_ROTATION_OVERLAP_MS): Promise<RotatedSecret> {
  const secret = generateWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ current: projects.webhookSecret }).from(projects).where(eq(projects.id, projectId)).for("update");
    if (!row) throw notFound("Project", projectId);
    const keepPrevious = row.current !== null && overlapMs > 0;
    const previousValidUntil = keepPrevious ? new Date(Date.now() + overlapMs) : null;
    await tx
      .update(projects)
      .set({
        webhookSecret: encryptString(secret, secretAad(projectId)),
        webhookSecretPrevious: keepPrevious ? encryptString(decryptString(row.current!, secretAad(projectId)), previousSecretAad(projectId)) : null,
        webhookSecretPreviousUntil: previousValidUntil,
      })
      .where(eq(projects.id, projectId));
    return { secret, fingerprint: secretFingerprint(secret), previousValidUntil };
  });
}

/** Whether the project has a signing secret, and fingerprints of it and of a previous one in overlap. Never the values. */
export async function getWebhookSecretStatus(db: Db, projectId: string, now = new Date()): Promise<WebhookSecretStatus> {
  const [row] = await db
    .select({ current: projects.webhookSecret, previous: projects.webhookSecretPrevious, until: projects.webhookSecretPreviousUntil })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw notFound("Project", projectId);
  const inOverlap = row.previous !== null && row.until !== null && row.until > now;
  return {
    configured: row.current !== null,
    fingerprint: row.current ? secretFingerprint(decryptString(row.current, secretAad(projectId))) : null,
    previous: inOverlap ? { fingerprint: secretFingerprint(decryptString(row.previous!, previousSecretAad(projectId))), validUntil: row.until! } : null,
  };
}

/** Whether the caller's project has a signing secret, with fingerprints (admins only); dates as ISO strings. */
export async function getWebhookSecretStatusFor(db: Db, caller: Caller) {
  await requireAdmin(db, caller, "see the webhook signing secret");
  const status = await getWebhookSecretStatus(db, caller.projectId);
  return { ...status, previous: status.previous && { ...status.previous, validUntil: status.previous.validUntil.toISOString() } };
}

/** A new signing secret for the caller's project (admins only), returned once; the old one keeps signing for 24 hours. */
export async function rotateWebhookSecretFor(db: Db, caller: Caller) {
  await requireAdmin(db, caller, "rotate the webhook signing secret");
  const rotated = await auditedFor(db, caller, { action: "webhook_secret.rotated", target: { type: "project", id: caller.projectId } }, (tx) => rotateWebhookSecret(tx, caller.projectId));
  return { ...rotated, previousValidUntil: rotated.previousValidUntil?.toISOString() ?? null };
}
