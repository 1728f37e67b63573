import { and, eq, isNull } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import { z } from "zod";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
import { notFound } from "../errors";
import { apiKeyPrefix, generateApiKey, hashApiKey } from "../security/api-key-format";
import { apiScopeSchema, DEFAULT_KEY_SCOPES, type ApiScope } from "../api-contract/scopes";
import { forgetApiKey } from "./authenticate-api-key";
import { auditedFor } from "../audit/audited-for";

/** A newly created key: `key` is shown exactly once; only its hash is stored. */
export interface CreatedApiKey {
  id: string;
  key: string;
  prefix: string;
}

/** What a new key may do and until when: every scope (the column's default) and no expiry unless given. */
export interface ApiKeyGrant {
  scopes?: ApiScope[];
  expiresAt?: Date | null;
}

/**
 * Create an API key for a project. The plain key is returned once and cannot be read back later.
 *
 * @example
 * const { id, key, prefix } = await createApiKey(db, "default", "CI pipeline", { scopes: ["definitions:write"] }); // key: "kyc_..."
 */
export async function createApiKey(db: Db, projectId: string, name: string, grant: ApiKeyGrant = {}): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const prefix = apiKeyPrefix(key);
  const [row] = await db
    .insert(apiKeys)
    .values({ projectId, name: name.trim() || "API key", prefix, keyHash: hashApiKey(key), scopes: grant.scopes, expiresAt: grant.expiresAt ?? null })
    .returning({ id: apiKeys.id });
  return { id: row.id, key, prefix };
}

/**
 * Revoke a key of the project; returns false when no active key with that id exists there. `cacheDb` is the
 * database whose cached lookups to drop when `db` is a transaction on it.
 * Takes effect at once in this process, and in others as soon as the revocation's NOTIFY reaches them
 * (migration 0007); a process that missed it stops trusting its cached lookup within 5 s.
 */
export async function revokeApiKey(db: Db, projectId: string, id: string, cacheDb: Db = db): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(projectFilter(apiKeys.projectId, projectId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ keyHash: apiKeys.keyHash });
  for (const { keyHash } of revoked) forgetApiKey(cacheDb, keyHash);
  return revoked.length > 0;
}

/** The project's keys for a settings screen: never the key or its hash. */
export async function listApiKeys(db: Db, projectId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.projectId, projectId))
    .orderBy(apiKeys.createdAt);
}

/**
 * Body of `POST /api/backoffice/api-keys`: `scopes` default to `DEFAULT_KEY_SCOPES` (running cases, not
 * configuration); `expiresAt`, when given, must be in the future.
 */
export const createApiKeyRequestSchema = z.strictObject({
  name: z.string().trim().min(1, "give the key a name, e.g. the system that will use it").max(100),
  scopes: z
    .array(apiScopeSchema)
    .min(1, "choose at least one scope")
    .max(20)
    .transform((scopes) => [...new Set(scopes)])
    .default(DEFAULT_KEY_SCOPES),
  expiresAt: z.iso
    .datetime({ offset: true, message: "an ISO 8601 date-time, e.g. 2027-01-31T23:59:59Z" })
    // A malformed value has its format error only.
    .refine((at) => !(Date.parse(at) <= Date.now()), "must be in the future; leave it out for a key that does not expire")
    .nullable()
    .optional(),
});

/** An API key as the settings page shows it: never the key or its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  /** Null: the key does not expire. */
  expiresAt: string | null;
  /** The expiry has passed: the key answers 401 like a revoked one. */
  expired: boolean;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The caller's project's API keys, oldest first (admins only). */
export async function listApiKeysFor(db: Db, caller: Caller): Promise<ApiKeyView[]> {
  await requireAdmin(db, caller, "see API keys");
  const rows = await listApiKeys(db, caller.projectId);
  const now = Date.now();
  return rows.map((r) => ({
    ...r,
    scopes: r.scopes as ApiScope[],
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    expired: !!r.expiresAt && r.expiresAt.getTime() <= now,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

/** Create a key (admins only); the answer carries the plain key, which is shown once and cannot be read back. */
export async function createApiKeyFor(
  db: Db,
  caller: Caller,
  input: { name: string; scopes?: ApiScope[]; expiresAt?: string | null },
): Promise<CreatedApiKey & { name: string; scopes: ApiScope[]; expiresAt: string | null }> {
  await requireAdmin(db, caller, "create API keys");
  const { name, scopes = DEFAULT_KEY_SCOPES, expiresAt } = input;
  const created = await auditedFor(db, caller, (key: CreatedApiKey) => ({ action: "api_key.created", target: { type: "api_key", id: key.id }, summary: { name, scopes, expiresAt: expiresAt ?? null } }), (tx) =>
    createApiKey(tx, caller.projectId, name, { scopes, expiresAt: expiresAt ? new Date(expiresAt) : null }),
  );
  return { ...created, name, scopes, expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null };
}

/** Revoke a key of the caller's project (admins only); 404 when it does not exist there or is already revoked. */
export async function revokeApiKeyFor(db: Db, caller: Caller, id: string): Promise<void> {
  await requireAdmin(db, caller, "revoke API keys");
  await auditedFor(db, caller, { action: "api_key.revoked", target: { type: "api_key", id } }, async (tx) => {
    if (!(await revokeApiKey(tx, caller.projectId, id, db))) throw notFound("Active API key", id);
  });
}
