import type { z } from "zod";
import { AppError, validationFailed } from "../../errors";

/**
 * Validate one dynamic path segment; 400 `malformed_path` when it holds a NUL character (no identifier can, and
 * PostgreSQL cannot store one; `edgeProblem` answers this before any handler in the running app), 422
 * `validation_failed` with `path` "/<param>" when it does not fit the schema.
 *
 * @example const name = pathParam(secretNameSchema, params.name, "name");
 */
export function pathParam<S extends z.ZodType>(schema: S, value: string | undefined, param: string): z.output<S> {
  if (value?.includes("\u0000")) throw new AppError("malformed_path", `The path parameter '${param}' contains a NUL character (%00), which no identifier can hold; remove it.`);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues.map((i) => i.message).join("; ");
  throw validationFailed(`The path parameter '${param}' is invalid: ${message}.`, [{ path: `/${param}`, message: `path parameter '${param}': ${message}` }]);
}
