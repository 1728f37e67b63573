import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { unauthorized } from "../errors";
import type { Db, DbHandle } from "../db/client";
import { apiKeys } from "../db/schema";
import { sharedChannel } from "../db/shared-channel";
import { errorMessage, logger } from "../observability/logger";
import { hashApiKey } from "../security/api-key-format";
import type { ApiScope } from "../api-contract/scopes";

/** Who is calling: the key's project scopes every query of the request; `scopes` say which routes it may call. */
export interface ApiAuth {
  projectId: string;
  apiKeyId: string;
  scopes: readonly ApiScope[];
}

/** NOTIFY channel carrying the hash of a key that was revoked or deleted (trigger, migration 0007). */
export const API_KEY_REVOKED_CHANNEL = "kyc_api_key_revoked";

/**
 * A positive lookup is reused this long. Revocations reach every process at once through
 * `API_KEY_REVOKED_CHANNEL`; the limit only matters when that notification is lost (a dropped LISTEN connection).
 */
const CACHE_TTL_MS = 5_000;
/** `last_used_at` is written at most once per key per this interval (per process, and guarded in SQL). */
const TOUCH_INTERVAL_MS = 60_000;

interface KeyCache {
  entries: Map<string, { auth: ApiAuth; until: number }>;
  /** Lookups in flight, by hash: concurrent misses of one key share one query (a revocation drops its entry). */
  lookups: Map<string, Promise<KeyRow | undefined>>;
  /** Bumped whenever an entry is dropped, so a lookup that raced with a revocation is not cached. */
  generation: number;
}

interface KeyRow {
  id: string;
  projectId: string;
  scopes: string[];
  expiresAt: Date | null;
}

let caches = new WeakMap<Db, KeyCache>();
/** Per database: settles once the revocation LISTEN is in effect, or has failed (then it is tried again). */
const watching = new WeakMap<Db, Promise<void>>();
const touched = new Map<string, number>();
let loggedListenFailure = false;

const REFUSED = "The API key is unknown, expired or revoked: send `Authorization: Bearer <API_KEY>` with an active key.";

/**
 * Resolve `Authorization: Bearer <key>` to the key's project and scopes, or throw 401 `unauthorized` (with
 * `WWW-Authenticate: Bearer`) when the header is missing, malformed, unknown, expired or revoked (all alike, so
 * the answer does not tell whether a key exists). Only the SHA-256 of the key is looked up. Hits are cached per
 * process and database for `cacheTtlMs` (default 5 s), never past the key's expiry; a revocation in any process
 * drops them here as soon as its NOTIFY arrives.
 */
export async function authenticateApiKey(
  handle: DbHandle,
  authorization: string | null,
  options: { now?: number; cacheTtlMs?: number } = {},
): Promise<ApiAuth> {
  const { now = Date.now(), cacheTtlMs = CACHE_TTL_MS } = options;
  const key = bearerToken(authorization);
  if (!key) throw unauthorized();
  const hash = hashApiKey(key);
  const cache = cacheFor(handle.db);
  const hit = cache.entries.get(hash);
  if (hit && hit.until > now) return hit.auth;
  await watchRevocations(handle);
  const generation = cache.generation;
  const row = await sharedLookup(handle.db, cache, hash);
  const expiresAt = row?.expiresAt?.getTime() ?? Infinity;
  if (!row || expiresAt <= now) {
    cache.entries.delete(hash);
    throw unauthorized(REFUSED);
  }
  const auth: ApiAuth = { projectId: row.projectId, apiKeyId: row.id, scopes: row.scopes as ApiScope[] };
  if (cache.generation === generation) cache.entries.set(hash, { auth, until: Math.min(now + cacheTtlMs, expiresAt) });
  await touchLastUsed(handle.db, row.id, now);
  return auth;
}

/**
 * The active key with this hash, read once for every concurrent miss of it: when cached entries expire under
 * load, the requests in flight wait for one query rather than each sending its own.
 */
function sharedLookup(db: Db, cache: KeyCache, hash: string): Promise<KeyRow | undefined> {
  let lookup = cache.lookups.get(hash);
  if (!lookup) {
    const started = db
      .select({ id: apiKeys.id, projectId: apiKeys.projectId, scopes: apiKeys.scopes, expiresAt: apiKeys.expiresAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
      .limit(1)
      .then(([row]) => row)
      .finally(() => {
        if (cache.lookups.get(hash) === started) cache.lookups.delete(hash);
      });
    cache.lookups.set(hash, (lookup = started));
  }
  return lookup;
}

/** Drop one key (by hash) from this process's cache for `db`: a revocation made here takes effect at once. */
export function forgetApiKey(db: Db, keyHash: string): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.entries.delete(keyHash);
  cache.lookups.delete(keyHash);
  cache.generation++;
}

/** Drop every cached key of `db` (notifications may have been missed). */
function forgetAllApiKeys(db: Db): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.entries.clear();
  cache.lookups.clear();
  cache.generation++;
}

/** Forget all cached lookups (tests). */
export function clearApiKeyCache(): void {
  caches = new WeakMap();
  touched.clear();
}

function cacheFor(db: Db): KeyCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), lookups: new Map(), generation: 0 }));
  return cache;
}

/**
 * Start listening for revocations before the first lookup is cached, so every cached entry was read while
 * notifications were arriving. When LISTEN fails, entries still expire after the TTL; the next miss tries again.
 */
function watchRevocations(handle: DbHandle): Promise<void> {
  const db = handle.db;
  let started = watching.get(db);
  if (!started) {
    started = sharedChannel(handle, API_KEY_REVOKED_CHANNEL).then(
      (channel) => {
        loggedListenFailure = false;
        channel.subscribe((keyHash) => forgetApiKey(db, keyHash));
        // Revocations sent while the LISTEN connection was down are lost: forget every cached key.
        channel.onGap(() => forgetAllApiKeys(db));
      },
      (error: unknown) => {
        watching.delete(db);
        if (!loggedListenFailure) logger().warn({ error: errorMessage(error), cacheTtlMs: CACHE_TTL_MS }, "cannot listen for API key revocations (cached keys expire after the cache TTL instead)");
        loggedListenFailure = true;
      },
    );
    watching.set(db, started);
  }
  return started;
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
    .catch((error: unknown) => logger().warn({ apiKeyId: id, error: errorMessage(error) }, "could not record the last use of an API key"));
}
