import { z } from "zod";
import { cursorParam, longLimitParam } from "./common";

export const SECRET_VALUE_MAX_BYTES = 8192;

/** Secret names as referenced from plugin headers (`secret.NAME`): upper-case letters, digits, `_`. */
export const secretNameSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, "a secret name is 1 to 64 characters: an upper-case letter, then upper-case letters, digits or '_'");

/** Body of `PUT /secrets/{name}`. The value is stored encrypted and never returned. */
export const putSecretRequestSchema = z.strictObject({
  value: z
    .string()
    .min(1)
    .max(SECRET_VALUE_MAX_BYTES)
    .refine((v) => Buffer.byteLength(v, "utf8") <= SECRET_VALUE_MAX_BYTES, `must be at most ${SECRET_VALUE_MAX_BYTES} bytes (UTF-8)`)
    .describe("The secret value (at most 8 KB)."),
});

export type PutSecretRequest = z.output<typeof putSecretRequestSchema>;

/** Query of `GET /secrets`. */
export const listSecretsQuerySchema = z.strictObject({ limit: longLimitParam, cursor: cursorParam });

export type ListSecretsQuery = z.output<typeof listSecretsQuerySchema>;
