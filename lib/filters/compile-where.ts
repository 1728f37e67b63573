import { sql, type SQL } from "drizzle-orm";
import type { FieldError } from "../errors";
import { appendPointer } from "../api/http/json-pointer";
import { compileCondition, isPlainObject } from "./conditions";
import type { Alias, FilterEntity, WhereField } from "./types";
import { entityRelation, RUNTIME_WHERE, whereFieldNames } from "./vocabulary";

const MAX_NESTING = 10;
const MAX_PATH_SEGMENTS = 16;

/**
 * Compile a filter's `where` to one parameterised predicate over the aliases of `runFilterQuery`.
 * Every problem (unknown field, unknown operator, wrong value type) is appended to `errors` with a pointer
 * under `at`; the result is only meaningful when no error was added.
 *
 * @example
 * compileWhere("businesses", { businessId: { not: null }, "context.entity.data.country": "GB" }, "/query/where", errors)
 * // sql`((r.business_id is not null) and ((r.context #> array[$1, $2, $3]::text[]) = $4::jsonb))`
 */
export function compileWhere(entity: FilterEntity, where: unknown, at: string, errors: FieldError[], uses: Set<Alias> = new Set(), nesting = 0): SQL | undefined {
  if (where === undefined || where === null) return undefined;
  if (!isPlainObject(where)) {
    errors.push({ path: at, message: "where must be an object mapping field names to conditions" });
    return undefined;
  }
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(where)) {
    const keyAt = appendPointer(at, key);
    const part = compileEntry(entity, key, value, keyAt, errors, uses, nesting);
    if (part) parts.push(part);
  }
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : undefined;
}

function compileEntry(entity: FilterEntity, key: string, value: unknown, at: string, errors: FieldError[], uses: Set<Alias>, nesting: number): SQL | undefined {
  if (key === "AND" || key === "OR" || key === "NOT") return compileLogical(entity, key, value, at, errors, uses, nesting);
  const runtimeField = Object.hasOwn(RUNTIME_WHERE, key) ? RUNTIME_WHERE[key] : undefined;
  if (runtimeField) return compileCondition({ ...runtimeField, label: key }, value, at, errors);
  const relation = entityRelation(entity);
  if (key === relation.name || key.startsWith(`${relation.name}.`)) uses.add(entity === "businesses" ? "b" : "e");
  if (key === relation.name && isPlainObject(value)) {
    const parts = Object.entries(value).map(([sub, cond]) => relationCondition(relation, sub, cond, appendPointer(at, sub), errors));
    return parts.every(Boolean) && parts.length ? sql`(${sql.join(parts as SQL[], sql` and `)})` : undefined;
  }
  if (key.startsWith(`${relation.name}.`)) return relationCondition(relation, key.slice(relation.name.length + 1), value, at, errors);
  if (key.startsWith("context.")) return contextCondition(key, value, at, errors);
  errors.push({ path: at, message: `unknown field '${key}'; use one of: ${whereFieldNames(entity).join(", ")}` });
  return undefined;
}

function compileLogical(entity: FilterEntity, op: "AND" | "OR" | "NOT", value: unknown, at: string, errors: FieldError[], uses: Set<Alias>, nesting: number): SQL | undefined {
  if (nesting >= MAX_NESTING) {
    errors.push({ path: at, message: `AND/OR/NOT may be nested at most ${MAX_NESTING} levels deep` });
    return undefined;
  }
  const items = Array.isArray(value) ? value : [value];
  if (!items.every(isPlainObject)) {
    errors.push({ path: at, message: `${op} takes a where object or a list of where objects` });
    return undefined;
  }
  const before = errors.length;
  const parts = items.map((item, i) => compileWhere(entity, item, Array.isArray(value) ? `${at}/${i}` : at, errors, uses, nesting + 1) ?? sql`true`);
  if (errors.length > before) return undefined;
  if (op === "OR") return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
  const all = parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
  return op === "AND" ? all : sql`(not ${all})`;
}

function relationCondition(relation: { name: string; fields: Record<string, WhereField> }, field: string, value: unknown, at: string, errors: FieldError[]): SQL | undefined {
  const spec = Object.hasOwn(relation.fields, field) ? relation.fields[field] : undefined;
  if (!spec) {
    errors.push({ path: at, message: `unknown field '${relation.name}.${field}'; use one of: ${Object.keys(relation.fields).map((k) => `${relation.name}.${k}`).join(", ")}` });
    return undefined;
  }
  return compileCondition({ ...spec, label: `${relation.name}.${field}` }, value, at, errors);
}

/** `context.a.b.c`: the JSON value at that path of the runtime context (path segments are bound parameters). */
function contextCondition(key: string, value: unknown, at: string, errors: FieldError[]): SQL | undefined {
  const segments = key.slice("context.".length).split(".");
  if (segments.some((s) => s === "") || segments.length > MAX_PATH_SEGMENTS) {
    errors.push({ path: at, message: `'${key}' is not a usable context path; write context.<key>.<key>... with at most ${MAX_PATH_SEGMENTS} non-empty keys` });
    return undefined;
  }
  const path = sql`array[${sql.join(segments.map((s) => sql`${s}`), sql`, `)}]::text[]`;
  return compileCondition({ kind: "json", json: sql`(r.context #> ${path})`, text: sql`(r.context #>> ${path})`, label: key }, value, at, errors);
}
