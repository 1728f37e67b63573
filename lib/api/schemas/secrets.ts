import { z } from "zod";
import { allowedHostsSchema } from "../../secrets/allowed-hosts";
import { cursorParam, longLimitParam } from "./common";

export const SECRET_VALUE_MAX_BYTES = 8192;

export { secretNameSchema } from "../../secrets/secret-name";

/**
 * Body of `PUT /secrets/{name}`. The value is stored encrypted and never returned; `allowedHosts` binds the
 * secret to hosts (left out: a replaced secret keeps its binding, a new one is unbound).
 */
export const putSecretRequestSchema = z.strictObject({
  value: z
    .string()
    .min(1)
    .max(SECRET_VALUE_MAX_BYTES)
    .refine((v) => Buffer.byteLength(v, "utf8") <= SECRET_VALUE_MAX_BYTES, `must be at most ${SECRET_VALUE_MAX_BYTES} bytes (UTF-8)`)
    .describe("The secret value (at most 8 KB)."),
  allowedHosts: allowedHostsSchema.optional(),
});

/** Body of `PATCH /secrets/{name}`: bind the secret to hosts, or unbind it with null; the value is not touched. */
export const bindSecretRequestSchema = z.strictObject({ allowedHosts: allowedHostsSchema });

export type PutSecretRequest = z.output<typeof putSecretRequestSchema>;

/** Query of `GET /secrets`. */
export const listSecretsQuerySchema = z.strictObject({ limit: longLimitParam, cursor: cursorParam });

export type ListSecretsQuery = z.output<typeof listSecretsQuerySchema>;
