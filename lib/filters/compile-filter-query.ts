import type { SQL } from "drizzle-orm";
import { AppError, type FieldError } from "../errors";
import { appendPointer } from "../api/http/json-pointer";
import { compileSelect, type CompiledSelect } from "./compile-select";
import { compileWhere } from "./compile-where";
import { isPlainObject } from "./conditions";
import { FILTER_ENTITIES, type Alias, type FilterEntity } from "./types";

export interface CompiledFilter {
  entity: FilterEntity;
  where: SQL | undefined;
  /** Aliases `where` refers to besides `r`. */
  whereUses: Set<Alias>;
  select: CompiledSelect;
}

/**
 * Every problem of a filter's `entity` and `query` (`{ where, select }`), as JSON pointers into the
 * `POST /filters` body: `/entity`, `/query/where/<field>[/<operator>]`, `/query/select/<field>`. `[]` = valid.
 *
 * @example
 * validateFilterQuery("businesses", { where: { foo: 1 } })
 * // [{ path: "/query/where/foo", message: "unknown field 'foo'; use one of: id, state, ..." }]
 */
export function validateFilterQuery(entity: unknown, query: unknown): FieldError[] {
  return analyze(entity, query).errors;
}

/** Compile a filter for `runFilterQuery`; throws 422 `validation_failed` listing every problem. */
export function compileFilterQuery(entity: unknown, query: unknown): CompiledFilter {
  const { errors, compiled } = analyze(entity, query);
  if (errors.length || !compiled) {
    const first = errors[0] ? `${errors[0].path}: ${errors[0].message}` : "invalid filter";
    throw new AppError("validation_failed", `The filter is invalid: ${errors.length > 1 ? `${errors.length} problems; see errors` : first}.`, { errors: errors });
  }
  return compiled;
}

function analyze(entity: unknown, query: unknown): { errors: FieldError[]; compiled?: CompiledFilter } {
  const errors: FieldError[] = [];
  if (!FILTER_ENTITIES.includes(entity as FilterEntity)) {
    errors.push({ path: "/entity", message: `entity must be one of: ${FILTER_ENTITIES.join(", ")}` });
    return { errors };
  }
  if (!isPlainObject(query)) {
    errors.push({ path: "/query", message: "query must be an object { where, select }" });
    return { errors };
  }
  for (const key of Object.keys(query)) {
    if (key !== "where" && key !== "select") errors.push({ path: appendPointer("/query", key), message: `unknown field '${key}'; use one of: where, select` });
  }
  const e = entity as FilterEntity;
  const whereUses = new Set<Alias>();
  const where = compileWhere(e, query.where, "/query/where", errors, whereUses);
  const select = compileSelect(e, query.select, "/query/select", errors);
  return { errors, compiled: errors.length ? undefined : { entity: e, where, whereUses, select } };
}
