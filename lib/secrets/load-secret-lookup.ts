import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { secrets } from "../db/schema";
import { logger } from "../observability/logger";
import { decryptString } from "../security/encryption";
import type { PluginSecrets, SecretLookup } from "../plugins/secret-binding";
import { secretAad } from "./secret-store";

/**
 * The project's secrets as the plugin runner gets them: one query for the ciphertexts and host bindings, each
 * value decrypted only when first asked for. Unknown names give `undefined`; a ciphertext that fails to decrypt
 * (wrong master key, tampered row) is logged by name only and also gives `undefined`. `allowedHosts` is null for
 * a secret that is not bound to hosts.
 *
 * @example
 * const secrets = await loadPluginSecrets(db, projectId);
 * await callApiPlugin(plugin, runtime.context, secrets, job.attempts); // "Bearer {secret.WEBHOOK_TOKEN}" -> "Bearer s3cr3t"
 */
export async function loadPluginSecrets(db: Db, projectId: string): Promise<PluginSecrets> {
  const rows = await db
    .select({ name: secrets.name, ciphertext: secrets.ciphertext, allowedHosts: secrets.allowedHosts })
    .from(secrets)
    .where(eq(secrets.projectId, projectId));
  const sealed = new Map(rows.map((r) => [r.name, r]));
  const plain = new Map<string, string | undefined>();
  const value = (name: string) => {
    if (plain.has(name)) return plain.get(name);
    const ciphertext = sealed.get(name)?.ciphertext;
    let decrypted: string | undefined;
    if (ciphertext !== undefined) {
      try {
        decrypted = decryptString(ciphertext, secretAad(projectId, name));
      } catch {
        logger().error({ secretName: name, projectId }, "a secret could not be decrypted (wrong MASTER_KEY or altered row)");
      }
    }
    plain.set(name, decrypted);
    return decrypted;
  };
  return { value, allowedHosts: (name) => sealed.get(name)?.allowedHosts ?? null };
}

/** Just the values (see `loadPluginSecrets`). */
export async function loadSecretLookup(db: Db, projectId: string): Promise<SecretLookup> {
  return (await loadPluginSecrets(db, projectId)).value;
}
