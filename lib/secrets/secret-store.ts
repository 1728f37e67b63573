import { and, asc, eq, sql } from "drizzle-orm";
import { notFound } from "../api/errors";
import type { Db } from "../db/client";
import { secrets } from "../db/schema";
import { encryptString } from "../security/encryption";

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
 * The caller validates `name` and the value's size (see `secretNameSchema`, `putSecretRequestSchema`).
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

function toInfo(row: { name: string; createdAt: Date; updatedAt: Date }): SecretInfo {
  return { name: row.name, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
