import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { notFound } from "../errors";
import { decodeKeyCursor, encodeKeyCursor } from "../db/key-cursor";
import type { ListSecretsQuery } from "../api/schemas/secrets";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { secrets } from "../db/schema";
import { encryptString } from "../security/encryption";
import { checkSecretName } from "./secret-name";

/** What the API shows of a secret: never the value. */
export interface SecretInfo {
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** The AAD binding a ciphertext to its project and name, so a row copied elsewhere does not decrypt. */
export const secretAad = (projectId: string, name: string) => `${projectId}/${name}`;

/**
 * Create or replace a secret (AES-256-GCM under the master key). `createdAt` survives replacement.
 * The caller validates `name` and the value's size (see `checkSecretName`, `putSecretRequestSchema`).
 */
export async function putSecret(db: Db, projectId: string, name: string, value: string): Promise<SecretInfo> {
  const ciphertext = encryptString(value, secretAad(projectId, name));
  const [row] = await db
    .insert(secrets)
    .values({ projectId, name, ciphertext })
    .onConflictDoUpdate({ target: [secrets.projectId, secrets.name], set: { ciphertext, updatedAt: sql`now()` } })
    .returning({ name: secrets.name, createdAt: secrets.createdAt, updatedAt: secrets.updatedAt });
  return toInfo(row);
}

/** Delete a secret; 404 `not_found` when the project has no secret of that name. */
export async function deleteSecret(db: Db, projectId: string, name: string): Promise<void> {
  const deleted = await db
    .delete(secrets)
    .where(and(eq(secrets.projectId, projectId), eq(secrets.name, name)))
    .returning({ name: secrets.name });
  if (!deleted.length) throw notFound("Secret", name);
}

/** Names and dates of the project's secrets, by name. */
export async function listSecrets(db: Db, projectId: string): Promise<SecretInfo[]> {
  const rows = await db
    .select({ name: secrets.name, createdAt: secrets.createdAt, updatedAt: secrets.updatedAt })
    .from(secrets)
    .where(eq(secrets.projectId, projectId))
    .orderBy(asc(secrets.name));
  return rows.map(toInfo);
}

/** A page of the project's secrets by name, for `GET /secrets`; `nextCursor` is null on the last page. */
export async function listSecretsPage(db: Db, projectId: string, q: ListSecretsQuery): Promise<{ data: SecretInfo[]; nextCursor: string | null }> {
  const after = q.cursor === undefined ? undefined : decodeKeyCursor(q.cursor, "secrets");
  const rows = await db
    .select({ name: secrets.name, createdAt: secrets.createdAt, updatedAt: secrets.updatedAt })
    .from(secrets)
    .where(and(eq(secrets.projectId, projectId), after === undefined ? undefined : gt(secrets.name, after)))
    .orderBy(asc(secrets.name))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return { data: page.map(toInfo), nextCursor: rows.length > q.limit ? encodeKeyCursor("secrets", page[page.length - 1].name) : null };
}

/** Names and dates of the caller's project's secrets, by name (admins only); values are never read here. */
export async function listSecretsFor(db: Db, caller: Caller): Promise<SecretInfo[]> {
  await requireAdmin(db, caller, "see secrets");
  return listSecrets(db, caller.projectId);
}

/** A page of them, for `GET /api/v1/external/secrets` (admins only). */
export async function listSecretsPageFor(db: Db, caller: Caller, q: ListSecretsQuery): Promise<{ data: SecretInfo[]; nextCursor: string | null }> {
  await requireAdmin(db, caller, "see secrets");
  return listSecretsPage(db, caller.projectId, q);
}

/** Create or replace a secret (admins only); 422 at `/name` for a name `checkSecretName` refuses. Answers its name and dates: the value is write-only. */
export async function putSecretFor(db: Db, caller: Caller, name: string, value: string): Promise<SecretInfo> {
  await requireAdmin(db, caller, "set secrets");
  return putSecret(db, caller.projectId, checkSecretName(name), value);
}

/** Delete a secret (admins only); 404 when the project has none of that name. */
export async function deleteSecretFor(db: Db, caller: Caller, name: string): Promise<void> {
  await requireAdmin(db, caller, "delete secrets");
  await deleteSecret(db, caller.projectId, checkSecretName(name));
}

function toInfo(row: { name: string; createdAt: Date; updatedAt: Date }): SecretInfo {
  return { name: row.name, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
