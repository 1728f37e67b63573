import { uuidArray } from "../../db/raw-sql";
import { sql, type SQL } from "drizzle-orm";

/**
 * Contract: marks the pending plugin jobs (`api_plugin`, `webhook_plugin`: the work their states started) of the
 * runtimes `runtimeIds` `canceled`, as a data-modifying CTE body of a step's statement. A job a worker holds right
 * now is canceled too; the worker's later completion or result finds it no longer pending (and the runtime no
 * longer active) and changes nothing. System webhook deliveries (`webhook_delivery`) are kept: they report what
 * already happened, and their delivery rows follow their jobs. The ids travel as one JSON parameter (fixed text).
 */
export function pluginJobsCancel(projectId: string, runtimeIds: string[]): SQL {
  return sql`update jobs set status = 'canceled', finished_at = now(), locked_until = null
    where runtime_id = any(${uuidArray(runtimeIds)}) and project_id = ${projectId}::text
      and status = 'pending' and kind in ('api_plugin', 'webhook_plugin')`;
}
