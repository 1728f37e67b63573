import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { secrets } from "../db/schema";
import { logger } from "../observability/logger";
import { decryptString } from "../security/encryption";
import { secretAad } from "./secret-store";

/**
 * The project's secrets as a lookup for the plugin runner: one query for the ciphertexts, each decrypted
 * only when first asked for. Unknown names give `undefined`; a ciphertext that fails to decrypt (wrong
 * master key, tampered row) is logged by name only and also gives `undefined`.
 *
 * @example
 * const lookup = await loadSecretLookup(db, projectId);
 * resolveSecrets(plugin.headers, lookup); // "Bearer {secret.WEBHOOK_TOKEN}" -> "Bearer s3cr3t"
 */
export async function loadSecretLookup(db: Db, projectId: string): Promise<(name: string) => string | undefined> {
  const rows = await db.select({ name: secrets.name, ciphertext: secrets.ciphertext }).from(secrets).where(eq(secrets.projectId, projectId));
  const sealed = new Map(rows.map((r) => [r.name, r.ciphertext]));
  const plain = new Map<string, string | undefined>();
  return (name) => {
    if (plain.has(name)) return plain.get(name);
    const ciphertext = sealed.get(name);
    let value: string | undefined;
    if (ciphertext !== undefined) {
      try {
        value = decryptString(ciphertext, secretAad(projectId, name));
      } catch {
        logger().error({ secretName: name, projectId }, "a secret could not be decrypted (wrong MASTER_KEY or altered row)");
      }
    }
    plain.set(name, value);
    return value;
  };
}
