/**
 * Rows of a `db.execute(sql...)` result. postgres.js returns an array, PGlite an object with `rows`;
 * raw SQL goes through this so callers see one shape.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown[] } | null)?.rows;
  return (rows ?? []) as T[];
}
