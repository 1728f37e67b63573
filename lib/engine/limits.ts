/**
 * Every bound the engine puts on user-supplied schemas, regular expressions, json-logic rules and JMESPath
 * mappings, in one place. Definitions that exceed a definition-time limit are refused with a 422 problem
 * naming the limit; run-time limits surface through the caller's error path (a plugin error, a validation
 * error), never as a crash. Measured on a busy 2-core machine: at these limits one schema compiles in about
 * 0.6 s and a whole definition validates in under 2 s at worst (typical definitions: tens of milliseconds).
 */
export const LIMITS = {
  /** JSON text of one schema (contextSchema, documentsSchema, a form or plugin schema), in characters. */
  schemaChars: 100_000,
  /** Nesting of objects and arrays inside one schema. */
  schemaDepth: 32,
  /**
   * Size of one schema for the compiler: every subschema and every keyword counts 1, with each `$ref` expanded
   * in place. Ajv compiles about 0.3 ms per unit (a property `{ "type": "string" }` is 2).
   */
  schemaNodes: 1_500,
  /** The same size over all schemas of one definition together. */
  definitionSchemaNodes: 3_000,
  /** Items of one `enum`. */
  enumItems: 1_000,
  /**
   * `uniqueItems` compares every pair of items (quadratic) unless `items` declares scalar types only: then an
   * array must declare `maxItems` of at most this.
   */
  uniqueItemsMaxItems: 200,
  /** Characters of one `pattern` or `patternProperties` key. */
  patternChars: 1_000,
  /**
   * Estimated compile cost of one pattern on the linear-time engine (see `patternCost`): a literal counts 1,
   * `.`/`\S`/a negated class 4, a Unicode property (`\p{L}`) 500, `{n,m}` multiplies by n + 3·(m − n). The
   * WebAssembly RE2 needs about 0.1 ms per unit, so one pattern compiles in about 0.2 s at worst.
   */
  patternCost: 2_000,
  /** Compile cost of all patterns of one definition together. */
  definitionPatternCost: 3_000,
  /** Strings longer than this are not tested against a user pattern (they fail it, with this limit named). */
  patternSubjectChars: 1_000_000,
  /** Characters of one JMESPath mapping. */
  jmespathChars: 10_000,
  /** Nodes of one compiled JMESPath mapping. */
  jmespathNodes: 1_000,
  /** Nesting of one compiled JMESPath mapping. */
  jmespathDepth: 64,
  /**
   * How many times larger than its input a mapping's result (or any value it builds on the way) may be, as
   * computed from the expression (`[@, @]` doubles, `to_string` counts 24). Keeps evaluation linear in the input.
   */
  jmespathGrowth: 64,
  /** Size of a mapping's result, in JSON characters (roughly); larger results are a mapping error. */
  jmespathResultChars: 2_000_000,
  /** States of one statechart, nested ones included (building the machine takes about 0.6 ms per state). */
  statechartStates: 1_000,
  /** Nodes (operators, arrays, literals) of one json-logic rule. */
  jsonLogicNodes: 1_000,
  /** Nesting of one json-logic rule. */
  jsonLogicDepth: 32,
  /**
   * Work one json-logic evaluation may do: one unit per operator applied plus the size of every value an
   * operator returns (a string counts one unit per 16 characters). A breach fails the guard with a diagnostic.
   */
  jsonLogicWork: 1_000_000,
} as const;

export type LimitName = keyof typeof LIMITS;

/** `schemaNodes (500)` — how messages name a limit. */
export function limitLabel(name: LimitName): string {
  return `${name} (${LIMITS[name].toLocaleString("en-US")})`;
}
