import type { Rng } from "./rng";

/**
 * A pathological definition and, when the attack needs a run to fire, the run's context (and an event to send
 * after it). The definition id is unique per (seed, index), so every attack starts from a fresh definition.
 */
export interface DefinitionAttack {
  kind: string;
  definition: Record<string, unknown>;
  runContext?: Record<string, unknown>;
  event?: string;
}

const states = (extra: Record<string, unknown> = {}) => ({
  idle: { on: { start: "received" } },
  received: { tags: ["manual_review"], on: { approve: "done" } },
  done: { type: "final" },
  ...extra,
});

const def = (id: string, parts: { definition?: Record<string, unknown>; [k: string]: unknown }) => ({
  id,
  name: "fuzz pathological",
  definitionType: "statechart-json",
  ...parts,
  definition: { id: `${id}_v`, initial: "idle", states: states(), ...parts.definition },
});

const business = (data: Record<string, unknown>) => ({ entity: { id: "fuzz-entity", type: "business", data }, documents: [] });

/** The schema that puts `leaf` at entity.data.companyName. */
const atCompanyName = (leaf: Record<string, unknown>) => ({
  type: "object",
  properties: { entity: { type: "object", properties: { data: { type: "object", properties: { companyName: leaf } } } } },
});

const nestedLogic = (depth: number): unknown => (depth === 0 ? { var: "context.entity.id" } : { and: [nestedLogic(depth - 1), true] });

const apiPlugin = (mapping: string, state = "idle") => ({
  apiPlugins: [
    {
      name: "fuzz_plugin",
      pluginKind: "api",
      url: "https://registry.example/{entity.id}",
      method: "POST",
      stateNames: [state],
      request: { transform: { transformer: "jmespath", mapping } },
      successAction: "approve",
      errorAction: "approve",
    },
  ],
});

export function definitionAttack(r: Rng, id: string): DefinitionAttack {
  const word = "a".repeat(70);
  return r.weighted<() => DefinitionAttack>([
    [3, () => ({ kind: "redos-pattern-words", definition: def(id, { contextSchema: atCompanyName({ type: "string", pattern: "^(\\w+\\s?)*$" }) }), runContext: business({ companyName: `${word}!` }) })],
    [3, () => ({ kind: "redos-pattern-a+", definition: def(id, { contextSchema: atCompanyName({ type: "string", pattern: "^(a+)+$" }) }), runContext: business({ companyName: `${"a".repeat(30)}!` }) })],
    [2, () => ({ kind: "redos-pattern-properties", definition: def(id, { contextSchema: { type: "object", patternProperties: { "^(a|aa)+$": { type: "string" } } } }), runContext: { ...business({ companyName: "x" }), [`${"a".repeat(40)}!`]: "v" } })],
    [1, () => ({ kind: "redos-in-plugin-schema", definition: def(id, { extensions: { apiPlugins: [{ ...apiPlugin("{ n: entity.data.companyName }").apiPlugins[0], request: { transform: { transformer: "jmespath", mapping: "{ n: entity.data.companyName }" }, schema: { validator: "json-schema", schema: { type: "object", properties: { n: { type: "string", pattern: "^(\\w+\\s?)*$" } } } } } }] } }), runContext: business({ companyName: `${word}!` }), event: "start" })],
    [2, () => ({ kind: "enum-50000-objects", definition: def(id, { contextSchema: atCompanyName({ enum: Array.from({ length: 50_000 }, (_, i) => ({ k: i, v: `value-${i}` })) }) }), runContext: business({ companyName: { k: 49_999, v: "nope" } }) })],
    [2, () => ({ kind: "recursive-ref-anyof", definition: def(id, { contextSchema: { anyOf: [{ $ref: "#" }, { type: "object" }] } }), runContext: business({ companyName: "x" }) })],
    [1, () => ({ kind: "recursive-ref-allof", definition: def(id, { documentsSchema: { allOf: [{ $ref: "#" }] } }), runContext: business({ companyName: "x" }) })],
    [1, () => ({ kind: "ref-chain-definitions", definition: def(id, { contextSchema: { $defs: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`d${i}`, { $ref: `#/$defs/d${(i + 1) % 200}` }])), $ref: "#/$defs/d0" } }), runContext: business({}) })],
    [2, () => ({ kind: "state-not-object", definition: def(id, { definition: { states: states({ received: r.pick([" ", 1, null, [], true]) }) } }), runContext: business({ companyName: "x" }), event: "start" })],
    [1, () => ({ kind: "states-not-object", definition: def(id, { definition: { initial: "idle", states: r.pick([[], "idle", 5, null]) } }), runContext: business({}) })],
    [1, () => ({ kind: "on-not-object", definition: def(id, { definition: { states: states({ idle: { on: r.pick([" ", ["start"], 7]) } }) } }), runContext: business({}), event: "start" })],
    [2, () => ({ kind: "jmespath-nul-literal", definition: def(id, { extensions: apiPlugin(r.pick(['{ a: `"\\u0000"` }', "{ a: '\\u0000' }", '`"a\\u0000b"`', '{ "\\u0000": entity.id }'])) }), runContext: business({ companyName: "x" }) })],
    [1, () => ({ kind: "jmespath-invalid", definition: def(id, { extensions: apiPlugin(r.pick(["{ a: ", "a.[", "&&&", "`{", "{ a: b }".repeat(5000), "[?a == `1`]|" + "[0]".repeat(3000)])) }), runContext: business({}) })],
    [1, () => ({ kind: "jmespath-huge-distinct", definition: def(id, { extensions: apiPlugin(`{ ${Array.from({ length: 2_000 }, (_, i) => `k${i}_${r.string(6)}: entity.data.companyName`).join(", ")} }`) }), runContext: business({ companyName: "x" }) })],
    [2, () => ({ kind: "json-logic-deep", definition: def(id, { definition: { states: states({ received: { on: { approve: [{ target: "done", cond: { type: "json-logic", rule: nestedLogic(r.pick([20, 30, 60])) } }] } } }) } }), runContext: business({}), event: "start" })],
    [1, () => ({ kind: "json-logic-unknown-op", definition: def(id, { definition: { states: states({ idle: { on: { start: [{ target: "received", cond: { type: "json-logic", rule: r.pick([{ nope: [1] }, { var: { var: "x" } }, { "==": "x" }, { method: ["x", "constructor"] }, { reduce: [{ var: "context.entity.data.list" }, { cat: [{ var: "accumulator" }, { var: "accumulator" }] }, "ab"] }]) } }] } } }) } }), runContext: business({ list: Array.from({ length: 60 }, (_, i) => i) }), event: "start" })],
    [2, () => ({ kind: "distinct-refused-schema", definition: def(id, { contextSchema: { type: "object", properties: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}_${r.string(8)}`, { type: r.pick(["strin", "string"]), minLength: r.int(0, 5), pattern: `^${r.string(4)}.*$` }])) } }) })],
    [1, () => ({ kind: "huge-state-count", definition: def(id, { definition: { states: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`s${i}`, i === 4_999 ? { type: "final" } : { on: { next: `s${i + 1}` } }])), initial: "s0" } }), runContext: business({}), event: "next" })],
    [1, () => ({ kind: "initial-missing", definition: def(id, { definition: { initial: r.pick(["nowhere", "", "__proto__", "idle.x"]) } }) })],
    [1, () => ({ kind: "schema-not-object", definition: def(id, { contextSchema: r.pick([true, false, "object", 1, [], { type: "nope" }, { $ref: "http://example.com/schema" }, { format: "regex" }, { pattern: "(" }]) }), runContext: business({}) })],
    [1, () => ({ kind: "huge-enum-strings", definition: def(id, { contextSchema: atCompanyName({ enum: Array.from({ length: 100_000 }, (_, i) => `v${i}`) }) }), runContext: business({ companyName: "v99999" }) })],
  ])();
}
