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
import { checkAllowedHosts } from "./allowed-hosts";
import { checkSecretName } from "./secret-name";
import { auditedFor } from "../audit/audited-for";

/** What the API shows of a secret: never the value. */
export interface SecretInfo {
  name: string;
  /** The host patterns it may be sent to; null: not bound (a plugin may send it to any host it may call). */
  allowedHosts: string[] | null;
  createdAt: string;
  updatedAt: string;
}

const INFO = { name: secrets.name, allowedHosts: secrets.allowedHosts, createdAt: secrets.createdAt, updatedAt: secrets.updatedAt };

/** The AAD binding a ciphertext to its project and name, so a row copied elsewhere does not decrypt. */
export const secretAad = (projectId: string, name: string) => `${projectId}/${name}`;

/**
 * Create or replace a secret (AES-256-GCM under the master key). `createdAt` survives replacement, and so does
 * the host binding unless `allowedHosts` is given (null unbinds): a new value never silently widens where the
 * secret may go. The caller validates `name`, the value's size and the hosts (see `checkSecretName`,
 * `putSecretRequestSchema`, `checkAllowedHosts`).
 */
export async function putSecret(db: Db, projectId: string, name: string, value: string, allowedHosts?: string[] | null): Promise<SecretInfo> {
  const ciphertext = encryptString(value, secretAad(projectId, name));
  const [row] = await db
    .insert(secrets)
    .values({ projectId, name, ciphertext, allowedHosts: allowedHosts ?? null })
    .onConflictDoUpdate({
      target: [secrets.projectId, secrets.name],
      set: { ciphertext, updatedAt: sql`now()`, ...(allowedHosts === undefined ? {} : { allowedHosts }) },
    })
    .returning(INFO);
  return toInfo(row);
}

/** Bind a secret to hosts (null unbinds) without touching its value; 404 `not_found` when the project has no such secret. */
export async function bindSecret(db: Db, projectId: string, name: string, allowedHosts: string[] | null): Promise<SecretInfo> {
  const [row] = await db
    .update(secrets)
    .set({ allowedHosts, updatedAt: sql`now()` })
    .where(and(eq(secrets.projectId, projectId), eq(secrets.name, name)))
    .returning(INFO);
  if (!row) throw notFound("Secret", name);
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
  const rows = await db.select(INFO).from(secrets).where(eq(secrets.projectId, projectId)).orderBy(asc(secrets.name));
  return rows.map(toInfo);
}

/** A page of the project's secrets by name, for `GET /secrets`; `nextCursor` is null on the last page. */
export async function listSecretsPage(db: Db, projectId: string, q: ListSecretsQuery): Promise<{ data: SecretInfo[]; nextCursor: string | null }> {
  const after = q.cursor === undefined ? undefined : decodeKeyCursor(q.cursor, "secrets");
  const rows = await db
    .select(INFO)
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

/**
 * Create or replace a secret (admins only); 422 at `/name` for a name `checkSecretName` refuses and at
 * `/allowedHosts/<i>` for a bad host. Answers its name, binding and dates: the value is write-only.
 */
export async function putSecretFor(db: Db, caller: Caller, name: string, value: string, allowedHosts?: string[] | null): Promise<SecretInfo> {
  await requireAdmin(db, caller, "set secrets");
  const checked = { name: checkSecretName(name), allowedHosts: allowedHosts === undefined ? undefined : checkAllowedHosts(allowedHosts) };
  return auditedFor(db, caller, { action: "secret.written", target: { type: "secret", id: checked.name }, summary: { allowedHosts: checked.allowedHosts ?? null } }, (tx) =>
    putSecret(tx, caller.projectId, checked.name, value, checked.allowedHosts),
  );
}

/** Bind a secret to hosts, or unbind it with null (admins only); 404 when the project has none of that name. */
export async function bindSecretFor(db: Db, caller: Caller, name: string, allowedHosts: string[] | null): Promise<SecretInfo> {
  await requireAdmin(db, caller, "bind secrets to hosts");
  const checked = { name: checkSecretName(name), allowedHosts: checkAllowedHosts(allowedHosts) };
  return auditedFor(db, caller, { action: "secret.bound", target: { type: "secret", id: checked.name }, summary: { allowedHosts: checked.allowedHosts } }, (tx) =>
    bindSecret(tx, caller.projectId, checked.name, checked.allowedHosts),
  );
}

/** Delete a secret (admins only); 404 when the project has none of that name. */
export async function deleteSecretFor(db: Db, caller: Caller, name: string): Promise<void> {
  await requireAdmin(db, caller, "delete secrets");
  const checked = checkSecretName(name);
  await auditedFor(db, caller, { action: "secret.deleted", target: { type: "secret", id: checked } }, (tx) => deleteSecret(tx, caller.projectId, checked));
}

function toInfo(row: { name: string; allowedHosts: string[] | null; createdAt: Date; updatedAt: Date }): SecretInfo {
  return { name: row.name, allowedHosts: row.allowedHosts, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
