import { z } from "zod";
import { notFound } from "../errors";
import type { SessionUser } from "../auth/session";
import { createApiKey, listApiKeys, revokeApiKey } from "../api-keys";
import type { Db } from "../db/client";
import { assertAdmin } from "./assert-admin";

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

/** The project's API keys, oldest first (admins only). */
export async function listApiKeysFor(db: Db, user: SessionUser): Promise<ApiKeyView[]> {
  await assertAdmin(db, user, "see API keys");
  const rows = await listApiKeys(db, user.projectId);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

/** Create a key; the answer carries the plain key, which is shown once and cannot be read back. */
export async function createApiKeyFor(db: Db, user: SessionUser, input: z.output<typeof createApiKeyRequestSchema>) {
  await assertAdmin(db, user, "create API keys");
  const created = await createApiKey(db, user.projectId, input.name);
  return { ...created, name: input.name };
}

/** Revoke a key of the user's project; 404 when it does not exist there or is already revoked. */
export async function revokeApiKeyFor(db: Db, user: SessionUser, id: string): Promise<void> {
  await assertAdmin(db, user, "revoke API keys");
  if (!(await revokeApiKey(db, user.projectId, id))) throw notFound("Active API key", id);
}
