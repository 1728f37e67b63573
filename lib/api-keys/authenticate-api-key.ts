import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { unauthorized } from "../api/errors";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
import { hashApiKey } from "../security/api-key-format";

/** Who is calling: the key's project scopes every query of the request. */
export interface ApiAuth {
  projectId: string;
  apiKeyId: string;
}

/** A positive lookup is reused this long; `revokeApiKey` drops it at once in this process. */
const CACHE_TTL_MS = 5_000;
/** `last_used_at` is written at most once per key per this interval (per process, and guarded in SQL). */
const TOUCH_INTERVAL_MS = 60_000;

let cache = new WeakMap<Db, Map<string, { auth: ApiAuth; until: number }>>();
const touched = new Map<string, number>();

/**
 * Resolve `Authorization: Bearer <key>` to the key's project, or throw 401 `unauthorized` (with
 * `WWW-Authenticate: Bearer`) when the header is missing, malformed, unknown or revoked.
 * Only the SHA-256 of the key is looked up; hits are cached for 5 s per process.
 */
export async function authenticateApiKey(db: Db, authorization: string | null, now: number = Date.now()): Promise<ApiAuth> {
  const key = bearerToken(authorization);
  if (!key) throw unauthorized();
  const hash = hashApiKey(key);
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(hash);
  if (hit && hit.until > now) return hit.auth;
  const [row] = await db
    .select({ id: apiKeys.id, projectId: apiKeys.projectId })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) {
    perDb.delete(hash);
    throw unauthorized("The API key is unknown or revoked: send `Authorization: Bearer <API_KEY>` with an active key.");
  }
  const auth = { projectId: row.projectId, apiKeyId: row.id };
  perDb.set(hash, { auth, until: now + CACHE_TTL_MS });
  await touchLastUsed(db, row.id, now);
  return auth;
}

/** Forget cached lookups (after a revocation, or in tests). */
export function clearApiKeyCache(): void {
  cache = new WeakMap();
  touched.clear();
}

function bearerToken(header: string | null): string | undefined {
  const match = /^\s*Bearer\s+(\S{1,512})\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** Best effort: a failed bookkeeping write never fails the request. */
async function touchLastUsed(db: Db, id: string, now: number): Promise<void> {
  const last = touched.get(id);
  if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
  touched.set(id, now);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))))
    .catch((error: unknown) => console.warn(`[auth] could not record last use of API key ${id}:`, (error as Error).message));
}
