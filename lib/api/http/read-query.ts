import type { z } from "zod";
import { validationFailed } from "../../errors";
import { parseWithSchema } from "./read-json";

/**
 * Validate the URL query string of a request against a zod object schema. A parameter given once is a
 * string, one given several times (`?tag=a&tag=b`) an array. Problems are 422 `validation_failed` with
 * `path` = "/<parameter name>".
 *
 * @example
 * const q = readQuery(req, listWorkflowsQuerySchema); // { limit: 20, state: "manual_review", ... }
 */
export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const query = queryObject(new URL(req.url).searchParams);
  const nul = Object.entries(query).filter(([key, value]) => `${key}=${value}`.includes("\u0000"));
  if (nul.length) throw validationFailed("Query parameters cannot contain NUL characters.", nul.map(([key]) => ({ path: `/${key}`, message: "remove the NUL character (%00)" })));
  return parseWithSchema(schema, query);
}

/** URLSearchParams as a plain object; `Object.fromEntries` defines own properties, so `__proto__` stays inert. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  return Object.fromEntries([...grouped].map(([key, values]) => [key, values.length === 1 ? values[0] : values]));
}
