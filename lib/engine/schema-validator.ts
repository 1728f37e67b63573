import Ajv, { type ErrorObject, type Options, type ValidateFunction } from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import { compileFunction } from "node:vm";
import type { FieldError } from "./errors";
import { isPlainObject } from "./json-utils";
import { LIMITS, limitLabel } from "./limits";
import { LinearRegExp, linearRegExpEngine, patternProblem } from "./linear-regexp";
import { BoundedLru } from "./lru";
import { addSafeFormats } from "./safe-formats";
import { checkSchemaLimits, type SchemaShape } from "./schema-limits";
import type { DefinitionProblem, JsonObject } from "./types";

type AjvInstance = Ajv | Ajv2019 | Ajv2020;
type Dialect = "draft-07" | "2019-09" | "2020-12";

const META_URIS: Record<string, Dialect> = {
  "http://json-schema.org/draft-07/schema": "draft-07",
  "https://json-schema.org/draft/2019-09/schema": "2019-09",
  "https://json-schema.org/draft/2020-12/schema": "2020-12",
};

/**
 * User schemas never share an Ajv instance: Ajv keeps every schema it compiles (and every `$id`) for the life
 * of the instance, so each schema gets a fresh one that is dropped with its validator. A shared instance per
 * dialect only checks schemas against the meta-schema, which keeps nothing.
 */
const metaCheckers = new Map<Dialect, AjvInstance>();

function ajvFor(dialect: Dialect, options: Options): AjvInstance {
  return dialect === "2020-12" ? new Ajv2020(options) : dialect === "2019-09" ? new Ajv2019(options) : new Ajv(options);
}

function metaChecker(dialect: Dialect): AjvInstance {
  let ajv = metaCheckers.get(dialect);
  if (!ajv) {
    ajv = ajvFor(dialect, { allErrors: true, strict: false, logger: false });
    metaCheckers.set(dialect, ajv);
  }
  return ajv;
}

/**
 * Ajv turns generated code into a function with `new Function(source)`, and V8 keeps every distinct source
 * given to `new Function` in its eval cache for the life of the process (measured: about 28 KB per compiled
 * 30-property schema, growing without bound, refused definitions included). So the real source is compiled
 * with `vm.compileFunction`, which V8 does not cache, and Ajv's `new Function` only ever sees this one
 * constant stub, which hands over to it.
 */
const STUB = "return self.opts.code.makeValidate(self, scope)";

function uncachedCompilation(): { process: (source: string) => string; makeValidate: (self: unknown, scope: unknown) => unknown } {
  let pending: ((self: unknown, scope: unknown) => unknown) | null = null;
  return {
    process: (source) => {
      pending = compileFunction(source, ["self", "scope"]) as (self: unknown, scope: unknown) => unknown;
      return STUB;
    },
    makeValidate: (self, scope) => {
      const make = pending;
      pending = null;
      if (!make) throw new Error("schema compilation out of order");
      return make(self, scope);
    },
  };
}

function compileFresh(dialect: Dialect, schema: JsonObject): ValidateFunction {
  const ajv = ajvFor(dialect, {
    // Schemas are user data: unknown keywords (e.g. UI hints) must not break them, so strict mode is off.
    allErrors: true,
    strict: false,
    logger: false,
    meta: false,
    validateSchema: false,
    addUsedSchema: false,
    // Long enums and required lists compile to a loop instead of one condition per item.
    loopEnum: 16,
    loopRequired: 16,
    code: { regExp: linearRegExpEngine, ...uncachedCompilation() } as Options["code"],
  });
  addSafeFormats(ajv as Ajv);
  return ajv.compile(schema);
}

function dialectOf(schema: JsonObject): Dialect | string {
  if (schema.$schema === undefined) return "draft-07";
  const uri = String(schema.$schema).replace(/#$/, "");
  return META_URIS[uri] ?? `'$schema' ${JSON.stringify(schema.$schema)} is not supported; use one of: ${Object.keys(META_URIS).join(", ")} (or omit it for draft-07)`;
}

/** The outcome of checking one schema; `validate` is set when it has no problems. */
export interface CheckedSchema extends SchemaShape {
  validate?: ValidateFunction;
}

/** The cheap part of `checkSchema`: an object within `checkSchemaLimits`. Nothing is compiled. */
function shapeOf(schema: unknown): CheckedSchema {
  if (!isPlainObject(schema)) {
    return { problems: [{ pointer: "", code: "schema_invalid", message: "a JSON Schema must be an object" }], text: "", nodes: 0, patternCost: 0, patterns: [] };
  }
  const shape = checkSchemaLimits(schema);
  return { ...shape, problems: [...shape.problems] };
}

/** The costly part: patterns on the linear-time engine, the meta-schema, then Ajv's compile. */
function compileChecked(schema: JsonObject, result: CheckedSchema): CheckedSchema {
  for (const [pattern, at] of result.patterns) {
    const problem = patternProblem(pattern);
    if (problem) result.problems.push({ pointer: at, code: "pattern_unsupported", message: problem });
  }
  if (result.problems.length > 0) return result;
  const fail = (message: string) => {
    result.problems.push({ pointer: "", code: "schema_invalid", message });
    return result;
  };
  const dialect = dialectOf(schema);
  if (!(dialect in { "draft-07": 1, "2019-09": 1, "2020-12": 1 })) return fail(dialect);
  try {
    const checker = metaChecker(dialect as Dialect);
    if (!checker.validateSchema(schema)) return fail(`schema is invalid: ${checker.errorsText(checker.errors)}`);
    result.validate = compileFresh(dialect as Dialect, schema);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  return result;
}

/**
 * Checks a user's JSON Schema the way definition validation needs it: an object, within the limits of
 * `checkSchemaLimits`, its patterns accepted by the linear-time engine, valid against its meta-schema
 * (draft-07 by default; 2019-09 or 2020-12 via `$schema`), and compiled by Ajv. Problems carry JSON
 * pointers relative to the schema. Nothing is cached here.
 *
 * @example
 * checkSchema({ type: "strng" }).problems[0] // { pointer: "", code: "schema_invalid", message: "schema is invalid: data/type must be ..." }
 */
export function checkSchema(schema: unknown): CheckedSchema {
  const shape = shapeOf(schema);
  return shape.problems.length > 0 ? shape : compileChecked(schema as JsonObject, shape);
}

/** Compiled schemas by JSON text, least recently used dropped first; weight: characters of the schema. */
const cache = new BoundedLru<string, { validate?: ValidateFunction; problem?: string }>({ maxEntries: 256, maxWeight: 4_000_000 });
/** JSON text per schema object, so a schema read once is not serialized again on every validation. */
const texts = new WeakMap<object, string>();

function textOf(schema: JsonObject): string {
  let text = texts.get(schema);
  if (text === undefined) {
    text = JSON.stringify(schema);
    texts.set(schema, text);
  }
  return text;
}

/**
 * Keeps the validators of a definition that passed validation, so its first run does not compile them again.
 * Definition validation calls this only when the whole definition is accepted: a refused definition leaves
 * nothing behind.
 */
export function rememberCheckedSchemas(checked: readonly CheckedSchema[]): void {
  for (const c of checked) {
    if (!c.validate || c.problems.length > 0) continue;
    cache.set(c.text, { validate: c.validate }, c.text.length);
    // Compile the patterns now too, so the first validation of a run does not pay for it.
    for (const [pattern] of c.patterns) new LinearRegExp(pattern).test("");
  }
}

/** For tests and diagnostics: compiled schemas held and the characters of their JSON. */
export function schemaCacheStats(): { entries: number; chars: number } {
  return { entries: cache.size, chars: cache.weight };
}

/**
 * Validates `value` against `schema`; returns `[]` when valid, else one `{ path, message }` per error.
 * `path` is a JSON pointer into `value` (`required` errors point at the missing property). Validators are
 * cached per schema text in a bounded LRU. A schema the checks refuse (e.g. stored before they existed)
 * gives one error at `/` saying why, never an exception.
 *
 * @example
 * validateAgainstSchema({ type: "object", required: ["id"] }, {}) // [{ path: "/id", message: "must have required property 'id'" }]
 */
export function validateAgainstSchema(schema: JsonObject, value: unknown): FieldError[] {
  const text = textOf(schema);
  let entry = cache.get(text);
  if (!entry) {
    const checked = checkSchema(schema);
    const first = checked.problems[0];
    entry = first ? { problem: `${first.pointer || "/"}: ${first.message}` } : { validate: checked.validate };
    cache.set(text, entry, text.length);
  }
  if (!entry.validate) return [{ path: "/", message: `cannot be validated: the schema is not usable (${entry.problem}); fix the workflow definition` }];
  try {
    return entry.validate(value) ? [] : mapAjvErrors(entry.validate.errors ?? []);
  } catch (error) {
    // Defence in depth: the checks refuse recursive schemas, so this is not expected (e.g. a regex engine failure).
    const reason = error instanceof RangeError ? "the value is nested too deeply for this schema" : error instanceof Error ? error.message : String(error);
    return [{ path: "/", message: `cannot be validated: ${reason}` }];
  }
}

/** Maps Ajv errors to `{ path, message }`. */
export function mapAjvErrors(errors: readonly ErrorObject[]): FieldError[] {
  return errors.map((e) => {
    const missing = e.keyword === "required" ? (e.params as { missingProperty?: string }).missingProperty : undefined;
    const path = missing !== undefined ? `${e.instancePath}/${missing}` : e.instancePath || "/";
    return { path, message: e.message ?? `fails '${e.keyword}'` };
  });
}

/** Formats field errors for a one-line message: `/a must be string; /b must be >= 0`. */
export function describeFieldErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => `${e.path} ${e.message}`).join("; ");
}

/**
 * Totals over all schemas of one definition, so a definition with many schemas stays within
 * `definitionSchemaNodes` and `definitionPatternCost`. Pass one budget to every `schemaProblems` call.
 */
export class SchemaBudget {
  nodes = 0;
  patternCost = 0;
  readonly checked: CheckedSchema[] = [];
  /** Whether a breach was reported already (it is reported once, at the schema that crossed the limit). */
  readonly reported = { nodes: false, patternCost: false };
}

/**
 * Checks one schema of a definition and returns its problems with pointers prefixed by `at`, counting it
 * against `budget`. Compiled validators wait in the budget until the definition is accepted.
 *
 * @example
 * schemaProblems({ type: "strng" }, "/contextSchema", new SchemaBudget())[0].pointer // "/contextSchema"
 */
export function schemaProblems(schema: unknown, at: string, budget: SchemaBudget): DefinitionProblem[] {
  const shape = shapeOf(schema);
  // A schema over its own limits is refused by itself; only usable schemas count against the definition.
  if (shape.problems.length === 0) {
    budget.nodes += shape.nodes;
    budget.patternCost += shape.patternCost;
  }
  const over: DefinitionProblem[] = [];
  const overNodes = budget.nodes > LIMITS.definitionSchemaNodes;
  const overPatterns = budget.patternCost > LIMITS.definitionPatternCost;
  if (overNodes && !budget.reported.nodes) {
    budget.reported.nodes = true;
    over.push({ pointer: at, code: "schema_too_complex", message: `the definition's schemas have ${budget.nodes} subschemas and keywords together (with $ref expanded) by this one, over the limit ${limitLabel("definitionSchemaNodes")}; simplify them` });
  }
  if (overPatterns && !budget.reported.patternCost) {
    budget.reported.patternCost = true;
    over.push({ pointer: at, code: "pattern_too_complex", message: `the definition's patterns cost ${budget.patternCost} units together by this schema, over the limit ${limitLabel("definitionPatternCost")}; use fewer or simpler patterns` });
  }
  // Over a definition-wide budget nothing more is compiled: that is what the budget protects.
  const checked = shape.problems.length > 0 || overNodes || overPatterns ? shape : compileChecked(schema as JsonObject, shape);
  if (checked.validate) budget.checked.push(checked);
  return [...checked.problems.map((p) => ({ ...p, pointer: at + p.pointer })), ...over];
}
