import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { FieldError } from "./errors";
import type { JsonObject } from "./types";

type AjvInstance = Ajv | Ajv2019 | Ajv2020;
type Dialect = "draft-07" | "2019-09" | "2020-12";

const instances = new Map<Dialect, AjvInstance>();
const compiled = new WeakMap<object, ValidateFunction>();

function createAjv(dialect: Dialect): AjvInstance {
  // Schemas are user data: unknown keywords (e.g. UI hints) must not break them, so strict mode is off.
  const options = { allErrors: true, strict: false };
  const ajv = dialect === "2020-12" ? new Ajv2020(options) : dialect === "2019-09" ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

function dialectOf(schema: JsonObject): Dialect {
  const uri = typeof schema.$schema === "string" ? schema.$schema : "";
  if (uri.includes("2020-12")) return "2020-12";
  if (uri.includes("2019-09")) return "2019-09";
  return "draft-07";
}

function sharedAjv(dialect: Dialect): AjvInstance {
  let ajv = instances.get(dialect);
  if (!ajv) {
    ajv = createAjv(dialect);
    instances.set(dialect, ajv);
  }
  return ajv;
}

/**
 * Compiles a JSON Schema (draft-07 by default; 2019-09 or 2020-12 when `$schema` says so) and caches
 * the validator per schema object. Throws Ajv's error when the schema itself is invalid.
 *
 * @example
 * const validate = compileSchema({ type: "object", required: ["id"] });
 * validate({}) // false
 */
export function compileSchema(schema: JsonObject): ValidateFunction {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const dialect = dialectOf(schema);
  let validate: ValidateFunction;
  try {
    validate = sharedAjv(dialect).compile(schema);
  } catch (error) {
    // Two definitions may reuse one `$id`; compile such a schema in an instance of its own.
    if (!(error instanceof Error) || !/already exists/.test(error.message)) throw error;
    validate = createAjv(dialect).compile(schema);
  }
  compiled.set(schema, validate);
  return validate;
}

/**
 * Validates `value` against `schema`; returns `[]` when valid, else one `{ path, message }` per error.
 * `path` is a JSON pointer into `value` (`required` errors point at the missing property).
 *
 * @example
 * validateAgainstSchema({ type: "object", required: ["id"] }, {}) // [{ path: "/id", message: "must have required property 'id'" }]
 */
export function validateAgainstSchema(schema: JsonObject, value: unknown): FieldError[] {
  const validate = compileSchema(schema);
  return validate(value) ? [] : mapAjvErrors(validate.errors ?? []);
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
 * Reports why `schema` is not a usable JSON Schema, or `null` when it compiles.
 *
 * @example
 * schemaProblem({ type: "strng" }) // "schema is invalid: data/type must be equal to one of the allowed values ..."
 */
export function schemaProblem(schema: unknown): string | null {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return "a JSON Schema must be an object";
  try {
    compileSchema(schema as JsonObject);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
