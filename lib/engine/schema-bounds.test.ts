import { describe, expect, it } from "vitest";
import { LIMITS } from "./limits";
import { linearRegExpStats } from "./linear-regexp";
import { schemaCacheStats, validateAgainstSchema } from "./schema-validator";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import type { JsonObject } from "./types";
import { validateDefinition } from "./validate-definition";

const REDOS = { type: "object", properties: { x: { type: "string", pattern: "^(\\w+\\s?)*$" } } };
const withContextSchema = (contextSchema: unknown) => ({ ...tinyDefinition({ idle: {} }), contextSchema }) as unknown as JsonObject;
const problemsOf = (contextSchema: unknown) => validateDefinition(withContextSchema(contextSchema));

describe("user regular expressions run on the linear-time engine", () => {
  it("validates the issue's ReDoS value (70 'a' then '!') against ^(\\w+\\s?)*$ at once", () => {
    const schema = structuredClone(REDOS);
    expect(problemsOf(schema)).toEqual([]);
    // Compiled by a first, harmless value, so the timing below is the match alone.
    expect(validateAgainstSchema(schema, { x: "warm up" })).toEqual([]);
    const value = { x: `${"a".repeat(70)}!` };
    const started = performance.now();
    const errors = validateAgainstSchema(schema, value);
    const elapsed = performance.now() - started;
    expect(errors).toEqual([{ path: "/x", message: 'must match pattern "^(\\w+\\s?)*$"' }]);
    // Well under a millisecond here; the bound leaves room for a loaded CI machine, and a backtracking engine would
    // take longer than the age of the universe (2^70 paths).
    expect(elapsed).toBeLessThan(100);
    // A backtracking engine needs seconds here and doubles with each extra 'a'; RE2 stays linear.
    const long = { x: `${"a".repeat(100_000)}!` };
    const startedLong = performance.now();
    expect(validateAgainstSchema(schema, long)).toHaveLength(1);
    expect(performance.now() - startedLong).toBeLessThan(1_000);
    expect(validateAgainstSchema(schema, { x: "hello world" })).toEqual([]);
  });

  it("runs patternProperties keys and formats on it too, and still matches correctly", () => {
    const schema = { type: "object", patternProperties: { "^(a+)+$": { type: "integer" } }, properties: { mail: { type: "string", format: "email" } } };
    expect(problemsOf(structuredClone(schema))).toEqual([]);
    expect(validateAgainstSchema(schema, { aaaa: 1, mail: "ada@example.com" })).toEqual([]);
    expect(validateAgainstSchema(schema, { aaaa: "x", mail: "not an address" }).map((e) => e.path).sort()).toEqual(["/aaaa", "/mail"]);
    const started = performance.now();
    validateAgainstSchema(schema, { [`${"a".repeat(30)}!`]: "x" });
    // ^(a+)+$ against 30 a's and a '!' held the event loop for 15 s on the backtracking engine.
    expect(performance.now() - started).toBeLessThan(200);
  });

  it.each([
    ["a backreference", { type: "string", pattern: "(a)\\1" }, "/contextSchema/pattern", /not supported by the linear-time regex engine .*backreferences/],
    ["a lookahead", { properties: { a: { type: "string", pattern: "^(?=x)x" } } }, "/contextSchema/properties/a/pattern", /lookaround/],
    ["a lookbehind key", { patternProperties: { "(?<=a)b": {} } }, "/contextSchema/patternProperties/(?<=a)b", /lookaround/],
  ])("refuses %s at definition time with a pointer to it", (_name, schema, pointer, message) => {
    const problems = problemsOf(schema);
    expect(problems).toEqual([{ pointer, code: "pattern_unsupported", message: expect.stringMatching(message) }]);
  });

  it("refuses a pattern too costly to compile, naming the limit", () => {
    expect(problemsOf({ type: "string", pattern: "^.{1,255}$" })).toEqual([
      { pointer: "/contextSchema/pattern", code: "pattern_too_complex", message: expect.stringMatching(/patternCost \(2,000\).*minLength\/maxLength/) },
    ]);
  });
});

describe("schema limits at definition time", () => {
  it.each([
    ["an enum over the limit", { enum: Array.from({ length: LIMITS.enumItems + 1 }, (_, i) => i) }, "/contextSchema/enum", "enum_too_long", /enumItems \(1,000\)/],
    ["a schema over the size limit", { enum: [["x".repeat(LIMITS.schemaChars)]] }, "/contextSchema", "schema_too_large", /schemaChars \(100,000\)/],
    ["a schema nested too deeply", nest(LIMITS.schemaDepth + 1), "/contextSchema" + "/not".repeat(LIMITS.schemaDepth), "schema_too_deep", /schemaDepth \(32\)/],
    ["too many subschemas", { properties: Object.fromEntries(Array.from({ length: LIMITS.schemaNodes / 2 }, (_, i) => [`p${i}`, { type: "string" }])) }, "/contextSchema", "schema_too_complex", /schemaNodes \(1,500\)/],
    ["a reference that does not resolve", { $ref: "https://example.com/other.json" }, "/contextSchema/$ref", "schema_ref_unresolved", /does not resolve inside this schema/],
  ])("refuses %s", (_name, schema, pointer, code, message) => {
    const problems = problemsOf(schema);
    expect(problems).toEqual([{ pointer, code, message: expect.stringMatching(message) }]);
  });

  it("refuses uniqueItems that would compare every pair of a long array, and accepts the linear forms", () => {
    expect(problemsOf({ type: "array", uniqueItems: true })).toEqual([
      { pointer: "/contextSchema/uniqueItems", code: "unique_items_unbounded", message: expect.stringMatching(/uniqueItemsMaxItems \(200\)/) },
    ]);
    expect(problemsOf({ type: "array", uniqueItems: true, items: { type: "object" }, maxItems: 1_000 }).map((p) => p.code)).toEqual(["unique_items_unbounded"]);
    expect(problemsOf({ type: "array", uniqueItems: true, items: { type: ["string", "number"] } })).toEqual([]);
    expect(problemsOf({ type: "array", uniqueItems: true, items: { type: "object" }, maxItems: 200 })).toEqual([]);
    // What the linear form costs on 100,000 items (the quadratic one needed minutes).
    const started = performance.now();
    expect(validateAgainstSchema({ type: "array", uniqueItems: true, items: { type: "integer" } }, Array.from({ length: 100_000 }, (_, i) => i))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses $ref chains that expand exponentially although the text is small", () => {
    const definitions: JsonObject = { l0: { type: "string" } };
    for (let i = 1; i <= 30; i++) definitions[`l${i}`] = { allOf: [{ $ref: `#/definitions/l${i - 1}` }, { $ref: `#/definitions/l${i - 1}` }] };
    const problems = problemsOf({ definitions, $ref: "#/definitions/l30" });
    expect(problems).toEqual([{ pointer: "/contextSchema", code: "schema_too_complex", message: expect.stringMatching(/more than 1,000,000,000 subschemas and keywords/) }]);
  });

  it("counts every schema of a definition against one budget", () => {
    const third = { properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, { type: "string" }])) };
    const def = { ...tinyDefinition({ idle: { meta: { inputSchema: { dataSchema: third } } } }), contextSchema: third, documentsSchema: third };
    const problems = validateDefinition(structuredClone(def));
    expect(problems).toEqual([{ pointer: "/documentsSchema", code: "schema_too_complex", message: expect.stringMatching(/definitionSchemaNodes \(3,000\)/) }]);
  });

  it("accepts references, anchors and $id that do not recurse", () => {
    expect(problemsOf({ definitions: { name: { type: "string", pattern: "^[A-Z]" } }, properties: { a: { $ref: "#/definitions/name" }, b: { $ref: "#/definitions/name" } } })).toEqual([]);
    expect(problemsOf({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { n: { $anchor: "n", type: "number" } }, properties: { a: { $ref: "#n" } } })).toEqual([]);
    expect(problemsOf({ $id: "https://example.com/root.json", definitions: { a: { $id: "a.json", type: "string" } }, properties: { a: { $ref: "a.json" } } })).toEqual([]);
  });
});

describe("recursive schemas", () => {
  it("refuses the issue's { anyOf: [{ $ref: '#' }, { type: 'object' }] } with a pointer at the $ref", () => {
    expect(problemsOf({ anyOf: [{ $ref: "#" }, { type: "object" }] })).toEqual([
      { pointer: "/contextSchema/anyOf/0/$ref", code: "schema_recursive", message: expect.stringMatching(/refers back to \/, which makes the schema recursive/) },
    ]);
  });

  it.each([
    ["a tree through items", { properties: { children: { type: "array", items: { $ref: "#" } } } }, "/contextSchema/properties/children/items/$ref"],
    ["a cycle between definitions", { definitions: { a: { not: { $ref: "#/definitions/b" } }, b: { anyOf: [{ $ref: "#/definitions/a" }] } }, $ref: "#/definitions/a" }, "/contextSchema/definitions/b/anyOf/0/$ref"],
    ["$dynamicRef", { $schema: "https://json-schema.org/draft/2020-12/schema", $dynamicRef: "#meta" }, "/contextSchema/$dynamicRef"],
  ])("refuses %s", (_name, schema, pointer) => {
    expect(problemsOf(schema)).toEqual([{ pointer, code: "schema_recursive", message: expect.any(String) }]);
  });

  it("answers a validation error, never an exception, for a recursive schema stored before the checks existed", () => {
    const errors = validateAgainstSchema({ anyOf: [{ $ref: "#" }, { type: "object" }] }, { any: "value" });
    expect(errors).toEqual([{ path: "/", message: expect.stringMatching(/^cannot be validated: the schema is not usable \(\/anyOf\/0\/\$ref: .*recursive/) }]);
  });
});

describe("memory", () => {
  it("keeps nothing for 300 distinct large schemas of refused definitions, and a bounded cache for accepted ones", () => {
    const gc = exposeGc();
    const before = schemaCacheStats();
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 300; i++) {
      // Valid, so Ajv compiles it in full (about 28 KB of generated code); the definition is refused for its
      // initial state.
      const properties = Object.fromEntries(Array.from({ length: 30 }, (_, j) => [`field_${i}_${j}`, { type: "string", minLength: j % 5, maxLength: 100 + j }]));
      const def = { ...tinyDefinition({ idle: {} }, { initial: "nope" }), contextSchema: { type: "object", properties } };
      expect(validateDefinition(def).map((p) => p.code)).toEqual(["initial_unknown"]);
    }
    gc?.();
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect(schemaCacheStats()).toEqual(before);
    // A shared Ajv instance kept every schema and its code (the issue saw 500 MB); compiling through `new
    // Function` alone kept about 8 MB here in V8's eval cache.
    if (gc) expect(heapGrowth).toBeLessThan(3 * 1024 * 1024);

    for (let i = 0; i < 300; i++) expect(problemsOf({ type: "object", properties: { [`accepted_${i}`]: { type: "string" } } })).toEqual([]);
    expect(schemaCacheStats().entries).toBeLessThanOrEqual(256);
  });

  it("frees what RE2 compiled for refused patterns", () => {
    const compiled = linearRegExpStats().compiled;
    for (let i = 0; i < 50; i++) expect(problemsOf({ type: "string", pattern: `^x${i}(a)\\1$` }).map((p) => p.code)).toEqual(["pattern_unsupported"]);
    expect(linearRegExpStats().compiled).toBe(compiled);
  });
});

function nest(levels: number): JsonObject {
  let schema: JsonObject = { type: "string" };
  for (let i = 0; i < levels; i++) schema = { not: schema };
  return schema;
}

/** `global.gc` when the process exposes it, else enabled at run time through V8 (undefined if that fails). */
function exposeGc(): (() => void) | undefined {
  const global = globalThis as { gc?: () => void };
  if (global.gc) return global.gc;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const v8 = require("node:v8") as typeof import("node:v8");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const vm = require("node:vm") as typeof import("node:vm");
    v8.setFlagsFromString("--expose-gc");
    return vm.runInNewContext("gc") as () => void;
  } catch {
    return undefined;
  }
}
