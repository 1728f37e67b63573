import { sql, type SQL } from "drizzle-orm";
import { compileFilterQuery } from "./compile-filter-query";
import type { FilterEntity, FilterQuery } from "./types";

/**
 * A predicate over the runtime alias `r` that is true for the cases the filter selects (its entity and `where`;
 * `select` plays no part), usable in any statement over `workflow_runtimes r`: conditions on the business or end
 * user become an `exists` over that table, so the statement needs no join of its own. Throws 422 for a filter
 * that no longer compiles.
 *
 * @example
 * filterMatch({ entity: "businesses", query: { where: { state: "manual_review", business: { country: "GB" } } } })
 * // sql`exists (select 1 from businesses b where b.id = r.business_id and b.project_id = r.project_id and (...))`
 */
export function filterMatch(filter: { entity: FilterEntity; query: FilterQuery }): SQL {
  const compiled = compileFilterQuery(filter.entity, { where: filter.query.where });
  const businesses = compiled.entity === "businesses";
  const scope = businesses ? sql`r.business_id is not null` : sql`r.end_user_id is not null`;
  if (!compiled.where) return scope;
  if (compiled.whereUses.size === 0) return sql`(${scope} and ${compiled.where})`;
  return businesses
    ? sql`exists (select 1 from businesses b where b.id = r.business_id and b.project_id = r.project_id and ${compiled.where})`
    : sql`exists (select 1 from end_users e where e.id = r.end_user_id and e.project_id = r.project_id and ${compiled.where})`;
}
