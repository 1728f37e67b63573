import { pathParam } from "@/lib/api/http/path-param";
import { readJsonBody } from "@/lib/api/http/read-json";
import { putSecretRequestSchema, secretNameSchema } from "@/lib/api/schemas";
import type { CallerHandler } from "@/lib/callers";
import { getDb } from "@/lib/db/client";
import { deleteSecretFor, putSecretFor } from "@/lib/secrets";
import { deleteHandler } from "./resource";

/**
 * `…/secrets/{name}` as both surfaces serve it: `/api/v1/external` binds these handlers in `withApiKey`,
 * `/api/backoffice` in `withSession` (admins only). The caller decides the project and what it may do.
 */
export const secretHandlers = {
  // PUT …/secrets/{name} – create or replace a secret; answers its name and dates, never the value
  put: (async (req, { caller, params }) => {
    const name = pathParam(secretNameSchema, params.name, "name");
    const { value } = await readJsonBody(req, putSecretRequestSchema, { maxBytes: 64_000 });
    return Response.json(await putSecretFor(await getDb(), caller, name, value));
  }) satisfies CallerHandler<{ name: string }>,

  // DELETE …/secrets/{name} – delete a secret (204; 404 when absent)
  delete: deleteHandler("name", deleteSecretFor, secretNameSchema),
};
