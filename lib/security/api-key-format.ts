import { createHash, randomBytes } from "node:crypto";

const KEY_PREFIX = "kyc_";
const VISIBLE_CHARS = 12;

/** A new random API key (`kyc_` + 43 base64url chars, 256 bits). Shown once; only its hash is stored. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** SHA-256 hex of the key: keys are high-entropy random strings, so a fast hash is the right tool. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The short visible part used to recognise a key in lists, e.g. `kyc_AbC12xYz`. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, VISIBLE_CHARS);
}
