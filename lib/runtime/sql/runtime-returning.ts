import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { workflowRuntimes } from "../../db/schema";

const names = Object.values(getTableColumns(workflowRuntimes))
  .map((column) => column.name)
  .filter((name) => name !== "context");

/**
 * Contract: the `returning` list of a step's runtime write (`runtime-insert.ts`, `runtime-update.ts`): every column
 * of `workflow_runtimes` but `context`, qualified by `alias` when given. The step wrote that context from its
 * snapshot, so `writeSteps` takes it from there instead of having PostgreSQL print it and the driver parse it again
 * (the largest value of the row; 500 of them per batch).
 */
export function runtimeReturning(alias?: string): SQL {
  const prefix = alias ? `${alias}.` : "";
  return sql.raw(names.map((name) => `${prefix}"${name}"`).join(", "));
}
