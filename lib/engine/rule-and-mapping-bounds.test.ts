import { describe, expect, it } from "vitest";
import { applyEvent } from "./apply-event";
import { compileWorkflow } from "./compile-workflow";
import { PluginRequestInvalidError } from "./errors";
import { evaluateJmespath, jmespathCacheStats, jmespathProblem } from "./jmespath-eval";
import { checkJsonLogicRule, evaluateRule, JsonLogicBudgetError } from "./json-logic";
import { buildPluginRequest } from "./plugin-request";
import { transformPluginResponse } from "./plugin-response";
import { startWorkflow } from "./start-workflow";
import { exampleDefinition, tinyDefinition } from "../../tests/support/engine-fixtures";
import type { JsonObject, PluginConfig } from "./types";
import { validateDefinition } from "./validate-definition";

const doubling = (steps: number) => `@${" | [@, @][]".repeat(steps)}`;

describe("json-logic rules are bounded", () => {
  it("stops a rule that doubles its accumulator instead of running out of memory", () => {
    const rule = { reduce: [{ var: "items" }, { merge: [{ var: "accumulator" }, { var: "accumulator" }] }, [1]] };
    // Unbounded, the accumulator would reach 2^60 elements: the throw itself shows the budget stopped it early.
    expect(() => evaluateRule(rule, { items: Array.from({ length: 60 }, (_, i) => i) })).toThrow(JsonLogicBudgetError);
  });

  it("stops nested iteration over a large list", () => {
    const rule = { some: [{ var: "rows" }, { some: [{ var: "" }, { "==": [{ var: "" }, "needle"] }] }] };
    const rows = Array.from({ length: 2_000 }, () => Array.from({ length: 1_000 }, () => "hay"));
    expect(() => evaluateRule(rule, { rows })).toThrow(/jsonLogicWork \(1,000,000\)/);
  });

  it("fails the guard with a cond_error diagnostic, and the workflow takes the next candidate", () => {
    const cond = { type: "json-logic", rule: { reduce: [{ var: "context.items" }, { cat: [{ var: "accumulator" }, { var: "accumulator" }] }, "ab"] } };
    const compiled = compileWorkflow(tinyDefinition({ idle: { on: { go: [{ target: "a", cond }, { target: "b" }] } }, a: {}, b: {} }));
    const result = applyEvent(compiled, startWorkflow(compiled, { items: Array.from({ length: 64 }, (_, i) => i) }).snapshot, { type: "go", origin: "api" });
    expect(result.snapshot.state).toBe("b");
    expect(result.diagnostics[0]).toMatchObject({ kind: "cond_error", candidateIndex: 0, message: expect.stringMatching(/units of work/) });
  });

  it("still evaluates ordinary rules", () => {
    expect(evaluateRule({ and: [{ ">=": [{ var: "score" }, 0.5] }, { in: ["pep", { var: "flags" }] }] }, { score: 0.7, flags: ["pep"] })).toBe(true);
  });

  it("refuses rules over the depth and size limits at definition time, with a pointer", () => {
    let deep: unknown = { var: "x" };
    for (let i = 0; i < 40; i++) deep = { "!": deep };
    const deepProblems = checkJsonLogicRule(deep, "/r");
    expect(deepProblems).toEqual([{ pointer: `/r${"/!".repeat(33)}`, code: "json_logic_too_deep", message: expect.stringMatching(/jsonLogicDepth \(32\)/) }]);
    const wide = { and: Array.from({ length: 600 }, () => ({ "==": [1, 1] })) };
    expect(checkJsonLogicRule(wide, "/r")).toEqual([{ pointer: "/r", code: "json_logic_too_large", message: expect.stringMatching(/jsonLogicNodes \(1,000\)/) }]);
  });
});

describe("JMESPath mappings are bounded", () => {
  it.each([
    ["the issue's NUL inside a JSON literal", '{ name: `"a\\u0000b"` }', "jmespath_too_complex", /NUL character/],
    ["a NUL in a raw string", "{ name: 'a\u0000b' }", "jmespath_too_complex", /NUL character/],
    ["a NUL outside any literal", "a.b\u0000", "jmespath_invalid", /Unknown character/],
    ["an unknown function", "shout(name)", "jmespath_too_complex", /unknown function shout\(\)/],
    ["a wrong argument count", "length(a, b)", "jmespath_too_complex", /length\(\) takes 1 argument, got 2/],
    ["a doubling chain", doubling(7), "jmespath_too_complex", /128 times the size of the input, over the limit jmespathGrowth \(64\)/],
    ["a join with a computed separator", "join(to_string(@), values(@))", "jmespath_too_complex", /literal separator/],
    ["an expression too long", `a${".b".repeat(6_000)}`, "jmespath_too_complex", /jmespathChars \(10,000\)/],
  ])("refuses %s", (_name, expression, code, message) => {
    expect(jmespathProblem(expression)).toEqual({ code, message: expect.stringMatching(message) });
  });

  it("accepts the worked example's mappings and ordinary projections", () => {
    for (const plugin of exampleDefinition().extensions!.apiPlugins!) expect(jmespathProblem(plugin.request.transform.mapping)).toBeNull();
    expect(jmespathProblem("people[?age > `20`].{ name: name, age: age } | sort_by(@, &age)[0:3]")).toBeNull();
    expect(jmespathProblem(doubling(6))).toBeNull();
  });

  it("refuses a mapping with a NUL literal in a definition, with a pointer to it", () => {
    const def = exampleDefinition();
    def.extensions!.apiPlugins![0].request.transform.mapping = '{ name: `"\\u0000"` }';
    expect(validateDefinition(def)).toEqual([
      { pointer: "/extensions/apiPlugins/0/request/transform/mapping", code: "jmespath_too_complex", message: expect.stringMatching(/mapping cannot be used: a literal contains a NUL character/) },
    ]);
  });

  it("refuses a result PostgreSQL cannot store, through the plugin's error path", () => {
    const plugin = { ...exampleDefinition().extensions!.apiPlugins![0], response: { transform: { mapping: "{ name: name }" } } } as PluginConfig;
    const result = transformPluginResponse(plugin, { name: "vendor\u0000text" });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^response mapping failed: .*NUL character/) });
  });

  it("refuses a result over the size limit, through the plugin's error path", () => {
    const plugin = { ...exampleDefinition().extensions!.apiPlugins![0], request: { transform: { mapping: "[@, @, @, @][]" } } } as PluginConfig;
    const context: JsonObject = { rows: "x".repeat(600_000) };
    expect(() => evaluateJmespath("[@, @, @, @][]", [context])).toThrow(/jmespathResultChars/);
    expect(() => buildPluginRequest(plugin, context)).toThrow(PluginRequestInvalidError);
  });

  it("keeps its verdict cache bounded in characters", () => {
    // 300 mappings of about 9,000 characters: 2.7 million characters if nothing were dropped.
    for (let i = 0; i < 300; i++) jmespathProblem(`{ k${i}: a, ${Array.from({ length: 800 }, (_, j) => `f${j}: b${j}`).join(", ")} }`);
    expect(jmespathCacheStats().chars).toBeLessThanOrEqual(2_000_000);
    expect(jmespathCacheStats().entries).toBeLessThanOrEqual(2_000);
  });
});

describe("state shapes", () => {
  it("refuses a state that is not an object (the issue's \"received\": \" \") with a pointer", () => {
    const def = tinyDefinition({ received: " " as never, done: { type: "final" } }, { initial: "received" });
    expect(validateDefinition(def)).toEqual([{ pointer: "/definition/states/received", code: "state_invalid", message: expect.stringMatching(/state 'received' must be an object/) }]);
    expect(() => compileWorkflow(def)).toThrow(/state 'received' must be an object/);
  });

  it("refuses more states than statechartStates, before checking each", () => {
    const states = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`s${i}`, { on: { next: `s${(i + 1) % 1_001}` } }]));
    expect(validateDefinition(tinyDefinition(states))).toEqual([{ pointer: "/definition/states", code: "states_too_many", message: expect.stringMatching(/1001 states, over the limit statechartStates \(1,000\)/) }]);
  });

  it("refuses one nested in a compound state", () => {
    const def = tinyDefinition({ review: { initial: "a", states: { a: {}, b: [] as never } } });
    expect(validateDefinition(def).map((p) => [p.pointer, p.code])).toEqual([["/definition/states/review/states/b", "state_invalid"]]);
  });
});
