import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { page } from "../../../api-contract/shapes";
import * as s from "../../schemas";
import { secretInfoSchema } from "../../schemas/responses";

const secretName = { description: "Secret name, e.g. REGISTRY_API_KEY.", schema: s.secretNameSchema };
const secretInfo = { status: 200, description: "Name, host binding and dates (never the value).", schema: named("SecretInfo", secretInfoSchema) };

/** Secrets that plugin requests reference by name. */
export const SECRET_ROUTES: RouteGroup = {
  tag: "Secrets",
  description:
    "Secrets that plugin requests reference as `{secret.NAME}`: stored encrypted, never returned. A secret bound to hosts (`allowedHosts`) is only ever sent to them: a plugin request that would carry it elsewhere fails with `secret_host_not_allowed` before anything is sent.",
  routes: [
    {
      method: "get",
      path: "/api/v1/external/secrets",
      scope: "secrets:write",
      summary: "List secrets (names and dates only)",
      query: s.listSecretsQuerySchema,
      success: { status: 200, description: "`{ data: [{ name, allowedHosts, createdAt, updatedAt }], nextCursor }`, by name.", schema: named("SecretList", page(secretInfoSchema)) },
      errors: ["invalid_cursor"],
    },
    {
      method: "put",
      path: "/api/v1/external/secrets/{name}",
      scope: "secrets:write",
      summary: "Create or replace a secret",
      pathParams: { name: secretName },
      body: named("PutSecretRequest", s.putSecretRequestSchema),
      success: secretInfo,
    },
    {
      method: "patch",
      path: "/api/v1/external/secrets/{name}",
      scope: "secrets:write",
      summary: "Bind a secret to hosts (null unbinds)",
      pathParams: { name: secretName },
      body: named("BindSecretRequest", s.bindSecretRequestSchema),
      success: secretInfo,
      errors: ["not_found"],
    },
    {
      method: "delete",
      path: "/api/v1/external/secrets/{name}",
      scope: "secrets:write",
      summary: "Delete a secret",
      pathParams: { name: secretName },
      success: { status: 204, description: "Deleted." },
      errors: ["not_found"],
    },
  ],
};
