import type { SessionUser } from "../auth/session";
import { pathParam } from "../api/http/path-param";
import { secretNameSchema } from "../api/schemas";
import type { Db } from "../db/client";
import { deleteSecret, listSecrets, putSecret, type SecretInfo } from "../secrets";
import { assertAdmin } from "./assert-admin";

export { putSecretRequestSchema as setSecretRequestSchema } from "../api/schemas";

/** Names and dates of the project's secrets (admins only); values are never read here. */
export async function listSecretsFor(db: Db, user: SessionUser): Promise<SecretInfo[]> {
  await assertAdmin(db, user, "see secrets");
  return listSecrets(db, user.projectId);
}

/** Create or replace a secret. Answers its name and dates only: the value is write-only. */
export async function setSecretFor(db: Db, user: SessionUser, name: string, value: string): Promise<SecretInfo> {
  await assertAdmin(db, user, "set secrets");
  return putSecret(db, user.projectId, pathParam(secretNameSchema, name, "name"), value);
}

/** Delete a secret; 404 when the project has none of that name. */
export async function deleteSecretFor(db: Db, user: SessionUser, name: string): Promise<void> {
  await assertAdmin(db, user, "delete secrets");
  await deleteSecret(db, user.projectId, pathParam(secretNameSchema, name, "name"));
}
