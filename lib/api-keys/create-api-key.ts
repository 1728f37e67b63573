import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
import { notFound } from "../errors";
import { apiKeyPrefix, generateApiKey, hashApiKey } from "../security/api-key-format";
import { forgetApiKey } from "./authenticate-api-key";

/** A newly created key: `key` is shown exactly once; only its hash is stored. */
export interface CreatedApiKey {
  id: string;
  key: string;
  prefix: string;
}

/**
 * Create an API key for a project. The plain key is returned once and cannot be read back later.
 *
 * @example
 * const { id, key, prefix } = await createApiKey(db, "default", "CI pipeline"); // key: "kyc_..."
 */
export async function createApiKey(db: Db, projectId: string, name: string): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const prefix = apiKeyPrefix(key);
  const [row] = await db
    .insert(apiKeys)
    .values({ projectId, name: name.trim() || "API key", prefix, keyHash: hashApiKey(key) })
    .returning({ id: apiKeys.id });
  return { id: row.id, key, prefix };
}

/**
 * Revoke a key of the project; returns false when no active key with that id exists there.
 * Takes effect at once in this process, and in others as soon as the revocation's NOTIFY reaches them
 * (migration 0007); a process that missed it stops trusting its cached lookup within 5 s.
 */
export async function revokeApiKey(db: Db, projectId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ keyHash: apiKeys.keyHash });
  for (const { keyHash } of revoked) forgetApiKey(db, keyHash);
  return revoked.length > 0;
}

/** The project's keys for a settings screen: never the key or its hash. */
export async function listApiKeys(db: Db, projectId: string) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.projectId, projectId))
    .orderBy(apiKeys.createdAt);
}

/** Body of `POST /api/backoffice/api-keys`. */
export const createApiKeyRequestSchema = z.strictObject({
  name: z.string().trim().min(1, "give the key a name, e.g. the system that will use it").max(100),
});

/** An API key as the settings page shows it: never the key or its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The caller's project's API keys, oldest first (admins only). */
export async function listApiKeysFor(db: Db, caller: Caller): Promise<ApiKeyView[]> {
  await requireAdmin(db, caller, "see API keys");
  const rows = await listApiKeys(db, caller.projectId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null, revokedAt: r.revokedAt?.toISOString() ?? null }));
}

/** Create a key (admins only); the answer carries the plain key, which is shown once and cannot be read back. */
export async function createApiKeyFor(db: Db, caller: Caller, input: z.output<typeof createApiKeyRequestSchema>): Promise<CreatedApiKey & { name: string }> {
  await requireAdmin(db, caller, "create API keys");
  const created = await createApiKey(db, caller.projectId, input.name);
  return { ...created, name: input.name };
}

/** Revoke a key of the caller's project (admins only); 404 when it does not exist there or is already revoked. */
export async function revokeApiKeyFor(db: Db, caller: Caller, id: string): Promise<void> {
  await requireAdmin(db, caller, "revoke API keys");
  if (!(await revokeApiKey(db, caller.projectId, id))) throw notFound("Active API key", id);
}
