import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
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
