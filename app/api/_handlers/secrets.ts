import { pathParam } from "@/lib/api/http/path-param";
import { readJsonBody } from "@/lib/api/http/read-json";
import { bindSecretRequestSchema, putSecretRequestSchema, secretNameSchema } from "@/lib/api/schemas";
import type { CallerHandler } from "@/lib/callers";
import { getDb } from "@/lib/db/client";
import { bindSecretFor, deleteSecretFor, putSecretFor } from "@/lib/secrets";
import { deleteHandler } from "./resource";

/**
 * `…/secrets/{name}` as both surfaces serve it: `/api/v1/external` binds these handlers in `withApiKey`,
 * `/api/backoffice` in `withSession` (admins only). The caller decides the project and what it may do.
 */
export const secretHandlers = {
  // PUT …/secrets/{name} – create or replace a secret (and its host binding); answers its name, hosts and dates, never the value
  put: (async (req, { caller, params }) => {
    const name = pathParam(secretNameSchema, params.name, "name");
    const { value, allowedHosts } = await readJsonBody(req, putSecretRequestSchema, { maxBytes: 64_000 });
    return Response.json(await putSecretFor(await getDb(), caller, name, value, allowedHosts));
  }) satisfies CallerHandler<{ name: string }>,

  // PATCH …/secrets/{name} – bind the secret to hosts (null unbinds); the value is not touched
  bind: (async (req, { caller, params }) => {
    const name = pathParam(secretNameSchema, params.name, "name");
    const { allowedHosts } = await readJsonBody(req, bindSecretRequestSchema, { maxBytes: 64_000 });
    return Response.json(await bindSecretFor(await getDb(), caller, name, allowedHosts));
  }) satisfies CallerHandler<{ name: string }>,

  // DELETE …/secrets/{name} – delete a secret (204; 404 when absent)
  delete: deleteHandler("name", deleteSecretFor, secretNameSchema),
};
