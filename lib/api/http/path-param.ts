import type { z } from "zod";
import { validationFailed } from "../../errors";

/**
 * Validate one dynamic path segment; 422 `validation_failed` with `path` "/<param>" when it does not fit.
 *
 * @example const name = pathParam(secretNameSchema, params.name, "name");
 */
export function pathParam<S extends z.ZodType>(schema: S, value: string | undefined, param: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues.map((i) => i.message).join("; ");
  throw validationFailed(`The path parameter '${param}' is invalid: ${message}.`, [{ path: `/${param}`, message: `path parameter '${param}': ${message}` }]);
}
