import { sql, type SQL } from "drizzle-orm";
import type { FieldError } from "../errors";
import { appendPointer } from "../api/http/json-pointer";
import { isPlainObject } from "./conditions";
import { DEFAULT_SELECT, RUNTIME_SELECT, selectRelations } from "./select-fields";
import type { Alias, FilterEntity } from "./types";

export interface CompiledSelect {
  /** One `json_build_object(...)` producing the case exactly as selected (camelCase keys, relations nested). */
  row: SQL;
  /** Relation aliases the query must join. */
  joins: Set<Alias>;
}

/**
 * Compile a filter's `select` (field -> true, relation -> true | { select: {...} }) to a JSON row expression.
 * No `select` (or an empty one) means `DEFAULT_SELECT`. Unknown fields are appended to `errors`.
 *
 * @example
 * compileSelect("businesses", { id: true, business: { select: { companyName: true } } }, "/query/select", errors)
 * // row: json_build_object('id', r.id, 'business', case when b.id is not null then json_build_object('companyName', b.company_name) end)
 */
export function compileSelect(entity: FilterEntity, select: unknown, at: string, errors: FieldError[]): CompiledSelect {
  const joins = new Set<Alias>();
  if (select !== undefined && select !== null && !isPlainObject(select)) {
    errors.push({ path: at, message: "select must be an object mapping field names to true or { select: {...} }" });
    return { row: sql`null`, joins };
  }
  const chosen = select && Object.keys(select).length ? select : Object.fromEntries(DEFAULT_SELECT.map((k) => [k, true]));
  const relations = selectRelations(entity);
  const pairs: [string, SQL][] = [];
  for (const [key, value] of Object.entries(chosen)) {
    const keyAt = appendPointer(at, key);
    if (value === false) continue;
    if (Object.hasOwn(RUNTIME_SELECT, key)) {
      if (value === true) pairs.push([key, RUNTIME_SELECT[key]]);
      else errors.push({ path: keyAt, message: `select '${key}' with true (or false to leave it out)` });
      continue;
    }
    const relation = Object.hasOwn(relations, key) ? relations[key] : undefined;
    if (!relation) {
      errors.push({ path: keyAt, message: `unknown field '${key}'; use one of: ${[...Object.keys(RUNTIME_SELECT), ...Object.keys(relations)].join(", ")}` });
      continue;
    }
    const fields = relationFields(key, relation.fields, value, keyAt, errors);
    if (!fields) continue;
    joins.add(relation.alias);
    pairs.push([key, sql`case when ${relation.present} then ${jsonObject(fields.map((f) => [f, relation.fields[f]]))} end`]);
  }
  return { row: jsonObject(pairs), joins };
}

/** The relation's fields to output: all for `true`, the chosen ones for `{ select: {...} }`. */
function relationFields(name: string, fields: Record<string, SQL>, value: unknown, at: string, errors: FieldError[]): string[] | undefined {
  if (value === true) return Object.keys(fields);
  const inner = isPlainObject(value) ? value.select : undefined;
  if (!isPlainObject(value) || !isPlainObject(inner) || Object.keys(value).length !== 1) {
    errors.push({ path: at, message: `select the relation '${name}' with true or { "select": { "<field>": true } }` });
    return undefined;
  }
  const out: string[] = [];
  for (const [field, on] of Object.entries(inner)) {
    const fieldAt = appendPointer(appendPointer(at, "select"), field);
    if (!Object.hasOwn(fields, field)) errors.push({ path: fieldAt, message: `unknown field '${name}.${field}'; use one of: ${Object.keys(fields).join(", ")}` });
    else if (on === true) out.push(field);
    else if (on !== false) errors.push({ path: fieldAt, message: `select '${name}.${field}' with true or false` });
  }
  return out;
}

function jsonObject(pairs: [string, SQL][]): SQL {
  return sql`json_build_object(${sql.join(pairs.map(([key, value]) => sql`${key}::text, ${value}`), sql`, `)})`;
}
