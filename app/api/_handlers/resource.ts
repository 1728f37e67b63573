import type { z } from "zod";
import { pathParam } from "@/lib/api/http/path-param";
import { readJsonBody } from "@/lib/api/http/read-json";
import type { Caller, CallerHandler } from "@/lib/callers";
import { getDb, type Db } from "@/lib/db/client";

// Handlers for the usual shapes of a resource route, around one `lib` function that takes the caller. They fit
// either wrapper, so a route is one line: `export const GET = withSession(listHandler(listApiKeysFor), { adminOnly: true });`.

/** GET – the caller's things, answered as `{ data: [...] }`. */
export function listHandler<T>(list: (db: Db, caller: Caller) => Promise<T[]>): CallerHandler {
  return async (_req, { caller }) => Response.json({ data: await list(await getDb(), caller) });
}

/** POST – a thing made from the body (parsed with `schema`), answered 201, with `Location` when `location` is given. */
export function createHandler<S extends z.ZodType, R>(
  schema: S,
  create: (db: Db, caller: Caller, body: z.output<S>) => Promise<R>,
  options: { maxBytes?: number; location?: (created: R) => string } = {},
): CallerHandler {
  return async (req, { caller }) => {
    const body = await readJsonBody(req, schema, { maxBytes: options.maxBytes });
    const created = await create(await getDb(), caller, body);
    return Response.json(created, { status: 201, headers: options.location ? { Location: options.location(created) } : undefined });
  };
}

/** DELETE …/{param} – removes the thing the path names (checked with `paramSchema` when given: 422 at `/<param>`), answered 204. */
export function deleteHandler<K extends string>(
  param: K,
  remove: (db: Db, caller: Caller, id: string) => Promise<void>,
  paramSchema?: z.ZodType<string>,
): CallerHandler<Record<K, string>> {
  return async (_req, { caller, params }) => {
    await remove(await getDb(), caller, paramSchema ? pathParam(paramSchema, params[param], param) : params[param]);
    return new Response(null, { status: 204 });
  };
}
