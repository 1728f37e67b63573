import { z } from "zod";
import { validationFailed } from "../errors";

/** Secret names as referenced from plugin headers (`secret.NAME`): upper-case letters, digits, `_`. */
export const secretNameSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, "a secret name is 1 to 64 characters: an upper-case letter, then upper-case letters, digits or '_'");

/**
 * `name` if it is a secret name, else 422 `validation_failed` at `/name`. Routes check their path parameter
 * first (with `pathParam`, so the answer names it); this keeps the rule for every other caller.
 *
 * @example checkSecretName("REGISTRY_TOKEN"); // "REGISTRY_TOKEN"; "lower-case" throws
 */
export function checkSecretName(name: string): string {
  const result = secretNameSchema.safeParse(name);
  if (!result.success) throw validationFailed(`'${name}' is not a secret name.`, [{ path: "/name", message: result.error.issues[0].message }]);
  return result.data;
}
