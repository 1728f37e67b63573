import { sql, type SQL } from "drizzle-orm";
import type { FieldError } from "../errors";
import { appendPointer } from "../api/http/json-pointer";
import type { FieldKind } from "./types";

/** What a condition applies to: a column of a known kind, or a JSON value inside `context`. */
export type Target = { kind: FieldKind; sql: SQL; label: string } | { kind: "json"; json: SQL; text: SQL; label: string };
type Kind = Target["kind"];

const COMPARE = ["lt", "lte", "gt", "gte"] as const;
const TEXT_MATCH = ["contains", "startsWith", "endsWith"] as const;
const BASIC = ["equals", "not", "in", "notIn"] as const;

/** Operators each kind of field accepts. */
export const OPERATORS: Record<Kind, readonly string[]> = {
  uuid: BASIC,
  text: [...BASIC, ...TEXT_MATCH, ...COMPARE, "mode"],
  timestamp: [...BASIC, ...COMPARE],
  int: [...BASIC, ...COMPARE],
  textArray: ["has", "hasSome", "hasEvery", "isEmpty"],
  json: [...BASIC, ...TEXT_MATCH, ...COMPARE, "hasSome", "mode"],
};
const KIND_NAMES: Record<Kind, string> = { uuid: "a UUID", text: "text", timestamp: "a timestamp", int: "an integer", textArray: "a list of tags", json: "a JSON value" };
const MAX_LIST = 1000;
const MAX_TEXT = 1000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OP_SQL = { lt: sql`<`, lte: sql`<=`, gt: sql`>`, gte: sql`>=` } as const;

/**
 * Compile one field condition to a parameterised SQL predicate. A bare value means `equals` (for tags:
 * `has`); an object holds operators combined with AND. Problems are appended to `errors` (pointer `at`).
 */
export function compileCondition(target: Target, condition: unknown, at: string, errors: FieldError[]): SQL | undefined {
  if (Array.isArray(condition)) {
    const hint = target.kind === "textArray" ? '{ "hasSome": [...] }' : '{ "in": [...] }';
    errors.push({ path: at, message: `a list is not a condition for '${target.label}'; use ${hint}` });
    return undefined;
  }
  const ops = isPlainObject(condition) ? condition : { [target.kind === "textArray" ? "has" : "equals"]: condition };
  const insensitive = ops.mode === "insensitive";
  if (ops.mode !== undefined && ops.mode !== "insensitive" && ops.mode !== "default") errors.push({ path: appendPointer(at, "mode"), message: "mode must be 'insensitive' or 'default'" });
  const parts: SQL[] = [];
  const before = errors.length;
  for (const [op, value] of Object.entries(ops)) {
    const opAt = appendPointer(at, op);
    if (!OPERATORS[target.kind].includes(op)) {
      errors.push({ path: opAt, message: `unknown operator '${op}' for '${target.label}' (${KIND_NAMES[target.kind]}); use one of: ${OPERATORS[target.kind].join(", ")}` });
      continue;
    }
    if (op === "mode") continue;
    const part = target.kind === "json" ? jsonOp(target, op, value, insensitive, opAt, errors) : columnOp(target, op, value, insensitive, opAt, errors);
    if (part) parts.push(part);
  }
  if (errors.length > before) return undefined;
  if (parts.length === 0) errors.push({ path: at, message: `the condition for '${target.label}' has no operator` });
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : undefined;
}

function columnOp(target: Extract<Target, { sql: SQL }>, op: string, value: unknown, ci: boolean, at: string, errors: FieldError[]): SQL | undefined {
  const col = ci && target.kind === "text" ? sql`lower(${target.sql})` : target.sql;
  const param = (v: unknown, p: string) => scalar(target.kind, v, p, errors, ci);
  switch (op) {
    case "equals":
      return value === null ? sql`${target.sql} is null` : wrap(param(value, at), (v) => sql`${col} = ${v}`);
    case "not":
      return value === null ? sql`${target.sql} is not null` : wrap(param(value, at), (v) => sql`${col} is distinct from ${v}`);
    case "in":
    case "notIn": {
      const list = listOf(value, at, errors, (v, p) => param(v, p));
      if (!list) return undefined;
      if (op === "in") return list.length ? sql`${col} in (${sql.join(list, sql`, `)})` : sql`false`;
      return list.length ? sql`(${target.sql} is null or ${col} not in (${sql.join(list, sql`, `)}))` : sql`true`;
    }
    case "contains":
    case "startsWith":
    case "endsWith":
      return wrap(likePattern(op, value, at, errors), (p) => (ci ? sql`${target.sql} ilike ${p}` : sql`${target.sql} like ${p}`));
    case "has":
      return wrap(scalar("text", value, at, errors), (v) => sql`${target.sql} @> array[${v}]`);
    case "hasSome":
    case "hasEvery": {
      const list = listOf(value, at, errors, (v, p) => scalar("text", v, p, errors));
      if (!list) return undefined;
      const array = sql`array[${sql.join(list, sql`, `)}]::text[]`;
      return op === "hasSome" ? sql`${target.sql} && ${array}` : sql`${target.sql} @> ${array}`;
    }
    case "isEmpty":
      if (typeof value !== "boolean") return void errors.push({ path: at, message: "isEmpty takes true or false" });
      return value ? sql`cardinality(${target.sql}) = 0` : sql`cardinality(${target.sql}) > 0`;
    default:
      return wrap(param(value, at), (v) => sql`${target.sql} ${OP_SQL[op as keyof typeof OP_SQL]} ${v}`);
  }
}

function jsonOp(target: Extract<Target, { kind: "json" }>, op: string, value: unknown, ci: boolean, at: string, errors: FieldError[]): SQL | undefined {
  const { json: x, text: t } = target;
  switch (op) {
    case "equals":
      if (value === null) return sql`(${x} is null or jsonb_typeof(${x}) = 'null')`;
      if (ci && typeof value === "string") return sql`(jsonb_typeof(${x}) = 'string' and lower(${t}) = lower(${value}::text))`;
      return wrap(scalar("json", value, at, errors), (v) => sql`${x} = ${v}`);
    case "not":
      if (value === null) return sql`jsonb_typeof(${x}) <> 'null'`;
      return wrap(scalar("json", value, at, errors), (v) => sql`${x} is distinct from ${v}`);
    case "in":
    case "notIn": {
      const list = listOf(value, at, errors, (v, p) => scalar("json", v, p, errors));
      if (!list) return undefined;
      if (op === "in") return list.length ? sql`${x} in (${sql.join(list, sql`, `)})` : sql`false`;
      return list.length ? sql`(${x} is null or ${x} not in (${sql.join(list, sql`, `)}))` : sql`true`;
    }
    case "contains":
    case "startsWith":
    case "endsWith":
      return wrap(likePattern(op, value, at, errors), (p) => sql`(jsonb_typeof(${x}) = 'string' and ${t} ${ci ? sql`ilike` : sql`like`} ${p})`);
    case "hasSome": {
      const element = (v: unknown, p: string) =>
        typeof v === "string" || typeof v === "number" ? sql`${JSON.stringify([v])}::jsonb` : void errors.push({ path: p, message: "expected a string or a number" });
      const list = listOf(value, at, errors, element);
      if (!list) return undefined;
      return list.length ? sql`(jsonb_typeof(${x}) = 'array' and (${sql.join(list.map((v) => sql`${x} @> ${v}`), sql` or `)}))` : sql`false`;
    }
    default: {
      const cmp = OP_SQL[op as keyof typeof OP_SQL];
      if (typeof value === "number" && Number.isFinite(value)) return sql`(case when jsonb_typeof(${x}) = 'number' then (${t})::numeric end) ${cmp} ${String(value)}::numeric`;
      if (typeof value === "string" && value.length <= MAX_TEXT) return sql`(case when jsonb_typeof(${x}) = 'string' then ${t} end) ${cmp} ${value}::text`;
      errors.push({ path: at, message: `${op} takes a number or a string` });
      return undefined;
    }
  }
}

/** A bound, typed parameter for one scalar of the given kind, or undefined (with an error) when it does not fit. */
function scalar(kind: Kind, value: unknown, at: string, errors: FieldError[], lower = false): SQL | undefined {
  const fail = (expected: string) => void errors.push({ path: at, message: `expected ${expected}, got ${JSON.stringify(value)?.slice(0, 60) ?? typeof value}` });
  switch (kind) {
    case "uuid":
      return typeof value === "string" && UUID_RE.test(value) ? sql`${value}::uuid` : fail("a UUID string");
    case "text":
    case "textArray":
      if (typeof value !== "string" || value.length > MAX_TEXT) return fail(`a string of at most ${MAX_TEXT} characters`);
      return lower ? sql`lower(${value}::text)` : sql`${value}::text`;
    case "timestamp":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))
        ? sql`${new Date(value).toISOString()}::timestamptz`
        : fail("an ISO 8601 date-time string such as 2024-05-01T00:00:00Z");
    case "int":
      return Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647 ? sql`${value}::int` : fail("an integer");
    case "json":
      if (typeof value === "number" && Number.isFinite(value)) return sql`${JSON.stringify(value)}::jsonb`;
      if (typeof value === "boolean" || (typeof value === "string" && value.length <= MAX_TEXT)) return sql`${JSON.stringify(value)}::jsonb`;
      return fail("a string, number or boolean");
  }
}

function likePattern(op: string, value: unknown, at: string, errors: FieldError[]): SQL | undefined {
  if (typeof value !== "string" || value.length > MAX_TEXT) return void errors.push({ path: at, message: `${op} takes a string of at most ${MAX_TEXT} characters` });
  const escaped = value.replace(/[\\%_]/g, "\\$&");
  const pattern = op === "contains" ? `%${escaped}%` : op === "startsWith" ? `${escaped}%` : `%${escaped}`;
  return sql`${pattern}::text`;
}

function listOf(value: unknown, at: string, errors: FieldError[], item: (v: unknown, at: string) => SQL | undefined): SQL[] | undefined {
  if (!Array.isArray(value)) return void errors.push({ path: at, message: "expected a list of values, e.g. [\"a\", \"b\"]" });
  if (value.length > MAX_LIST) return void errors.push({ path: at, message: `at most ${MAX_LIST} values are allowed` });
  const before = errors.length;
  const out = value.map((v, i) => item(v, `${at}/${i}`));
  return errors.length > before ? undefined : (out as SQL[]);
}

function wrap(value: SQL | undefined, build: (v: SQL) => SQL): SQL | undefined {
  return value === undefined ? undefined : build(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
