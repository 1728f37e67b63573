import { SecretMissingError } from "./errors";
import { replaceSecretRefs } from "./template";

const missing = (name: string): never => {
  throw new SecretMissingError(name);
};

/**
 * Substitutes secret references in the headers built by `buildPluginRequest` (`{secret.NAME}` anywhere in a
 * value; a whole value `secret.NAME` is accepted too). Pure: secrets come from `lookup`. Throws
 * `SecretMissingError` (code `secret_missing`) naming the first unknown secret.
 *
 * @example
 * resolveSecrets({ Authorization: "Bearer {secret.API_KEY}" }, (name) => secrets[name])
 * // { Authorization: "Bearer s3cr3t" }
 */
export function resolveSecrets(headers: Record<string, string>, lookup: (name: string) => string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    const whole = /^secret\.([A-Za-z0-9_.-]+)$/.exec(value.trim());
    out[key] = whole ? (lookup(whole[1]) ?? missing(whole[1])) : replaceSecretRefs(value, lookup, missing);
  }
  return out;
}

/**
 * Substitutes `{secret.NAME}` references in a URL built by `buildPluginRequest` (e.g. an API key in the
 * query); the secret values are URL-encoded.
 *
 * @example
 * resolveUrlSecrets("https://x.test/?key={secret.KEY}", () => "a&b") // "https://x.test/?key=a%26b"
 */
export function resolveUrlSecrets(url: string, lookup: (name: string) => string | undefined): string {
  return replaceSecretRefs(url, (name) => {
    const value = lookup(name);
    return value === undefined ? undefined : encodeURIComponent(value);
  }, missing);
}
