import { z } from "zod";
import { cursorParam, longLimitParam } from "./common";

export const SECRET_VALUE_MAX_BYTES = 8192;

export { secretNameSchema } from "../../secrets/secret-name";

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
