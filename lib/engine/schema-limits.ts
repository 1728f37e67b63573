import { pointer } from "./json-utils";
import { LIMITS, limitLabel } from "./limits";
import { DEFAULT_BASE, SchemaWalk, type Schema } from "./schema-walk";
import type { DefinitionProblem } from "./types";

/** What `checkSchemaLimits` found: problems (pointers relative to the schema) and the schema's size. */
export interface SchemaShape {
  problems: DefinitionProblem[];
  /** JSON text of the schema (the compiled-schema cache key). */
  text: string;
  /** Subschemas plus keywords, with every `$ref` expanded in place (see `LIMITS.schemaNodes`). */
  nodes: number;
  /** Estimated compile cost of its patterns (see `patternCost`). */
  patternCost: number;
  /** Patterns within the limits, with pointers, still to be compiled by the linear-time engine. */
  patterns: Array<[pattern: string, pointer: string]>;
}

/**
 * Checks the bounds that keep a user's JSON Schema cheap to compile and safe to run: size, nesting, `enum`
 * length, every `pattern`/`patternProperties` key on the linear-time engine, `$ref`s that resolve inside the
 * schema and never make it recursive, and the subschema count with references expanded.
 *
 * @example
 * checkSchemaLimits({ anyOf: [{ $ref: "#" }, { type: "object" }] }).problems[0]
 * // { pointer: "/anyOf/0/$ref", code: "schema_recursive", message: "'$ref' '#' at /anyOf/0/$ref refers back to / ..." }
 */
export function checkSchemaLimits(schema: Schema): SchemaShape {
  const text = JSON.stringify(schema);
  const problems: DefinitionProblem[] = [];
  const shape: SchemaShape = { problems, text, nodes: 0, patternCost: 0, patterns: [] };
  if (text.length > LIMITS.schemaChars) {
    problems.push({ pointer: "", code: "schema_too_large", message: `the schema has ${text.length} characters of JSON, over the limit ${limitLabel("schemaChars")}; make it smaller or split it` });
    return shape;
  }
  const deep = tooDeepAt(schema, "", 0);
  if (deep !== null) {
    problems.push({ pointer: deep, code: "schema_too_deep", message: `the schema nests deeper than ${limitLabel("schemaDepth")} levels here; flatten it (move shared parts to definitions)` });
    return shape;
  }
  const walk = new SchemaWalk(problems);
  walk.visit(schema, "", DEFAULT_BASE);
  walk.resolveRefs();
  shape.patternCost = walk.patternCost;
  shape.patterns = walk.patterns;
  if (problems.length > 0) return shape;
  const cycle = walk.findCycle(schema);
  if (cycle) {
    problems.push(cycle);
    return shape;
  }
  shape.nodes = walk.expandedSize(schema);
  if (shape.nodes > LIMITS.schemaNodes) {
    problems.push({ pointer: "", code: "schema_too_complex", message: `the schema has ${shape.nodes > 1e9 ? "more than 1,000,000,000" : shape.nodes} subschemas and keywords with every $ref expanded, over the limit ${limitLabel("schemaNodes")}; simplify it or split it` });
  }
  return shape;
}

/** Pointer of the first value nested deeper than the limit, or `null`. */
function tooDeepAt(value: unknown, at: string, depth: number): string | null {
  if (value === null || typeof value !== "object") return null;
  if (depth >= LIMITS.schemaDepth) return at;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const found = tooDeepAt(child, pointer(at, key), depth + 1);
    if (found !== null) return found;
  }
  return null;
}
