import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { masterKeys } from "./master-keys";

const VERSION = "v1";

/**
 * Encrypt a string with AES-256-GCM under the master key. Output: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * `aad` binds the ciphertext to its owner (e.g. `projectId/secretName`), so a row copied elsewhere won't decrypt.
 */
export function encryptString(plaintext: string, aad: string, key: Buffer = masterKeys().masterKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** Decrypt what `encryptString` produced with the same `aad`; throws when the key, aad or data do not match. */
export function decryptString(sealed: string, aad: string, key: Buffer = masterKeys().masterKey): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("unrecognised ciphertext format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
