import { describe, expect, it } from "vitest";
import { applyEvent } from "./apply-event";
import { compileWorkflow } from "./compile-workflow";
import { checkJsonLogicRule, evaluateRule } from "./json-logic";
import { startWorkflow } from "./start-workflow";
import { tinyDefinition } from "../../tests/support/engine-fixtures";

describe("evaluateRule: json-logic truthiness", () => {
  // json-logic's own table (jsonlogic.com/truthy.html): JavaScript truthiness except that an empty array is false.
  const table: [unknown, boolean][] = [
    [[], false],
    [[0], true],
    [[[]], true],
    [0, false],
    [1, true],
    [-1, true],
    ["", false],
    ["0", true],
    ["false", true],
    [null, false],
    [{}, true],
    [true, true],
    [false, false],
  ];
  for (const [value, expected] of table) {
    it(`${JSON.stringify(value)} is ${expected ? "truthy" : "falsy"}`, () => {
      expect(evaluateRule({ var: "x" }, { x: value })).toBe(expected);
    });
  }

  it("a list filtered down to nothing is false, one with a match is true", () => {
    const rule = { filter: [{ var: "docs" }, { "==": [{ var: "status" }, "rejected"] }] };
    expect(evaluateRule(rule, { docs: [{ status: "approved" }] })).toBe(false);
    expect(evaluateRule(rule, { docs: [{ status: "approved" }, { status: "rejected" }] })).toBe(true);
  });

  it("a guard on an empty list does not pass: the workflow takes the next candidate", () => {
    const cond = { type: "json-logic", rule: { var: "context.flags" } };
    const compiled = compileWorkflow(tinyDefinition({ idle: { on: { go: [{ target: "flagged", cond }, { target: "clear" }] } }, flagged: {}, clear: {} }));
    const go = (flags: unknown) => applyEvent(compiled, startWorkflow(compiled, { flags }).snapshot, { type: "go", origin: "api" }).snapshot.state;
    expect(go([])).toBe("clear");
    expect(go(["pep"])).toBe("flagged");
  });

  it("throws what json-logic-js throws, for the caller to report", () => {
    expect(() => evaluateRule({ missing_some: [1, { var: "nothing" }] }, {})).toThrow();
  });
});

describe("checkJsonLogicRule", () => {
  it("accepts nested known operators, literals and empty objects", () => {
    expect(checkJsonLogicRule({ and: [{ ">=": [{ var: "x" }, 1] }, { in: ["a", ["a", "b"]] }, true, {}] }, "/r")).toEqual([]);
  });

  it("reports an unknown operator nested in an array, at its pointer, naming the known ones", () => {
    const problems = checkJsonLogicRule({ and: [{ "==": [1, 1] }, { gte: [1, 2] }] }, "/cond/rule");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ pointer: "/cond/rule/and/1/gte", code: "json_logic_operator_unknown" });
    expect(problems[0].message).toContain("'gte' is not a json-logic operator");
    expect(problems[0].message).toContain(">=");
  });

  it("reports an object with two operator keys instead of reading it as a literal", () => {
    const problems = checkJsonLogicRule({ or: [{ "==": [1, 1], "!=": [1, 2] }] }, "/r");
    expect(problems).toEqual([
      expect.objectContaining({ pointer: "/r/or/0", code: "json_logic_invalid", message: expect.stringContaining("has 2 (==, !=)") }),
    ]);
  });

  it("reports every problem, not only the first", () => {
    const problems = checkJsonLogicRule([{ nope: 1 }, { alsoNope: 2 }], "/r");
    expect(problems.map((p) => p.pointer)).toEqual(["/r/0/nope", "/r/1/alsoNope"]);
  });
});

describe("the log operator", () => {
  it("is refused in rules: it would write the rule's data (personal data, often) to the server's console", () => {
    expect(checkJsonLogicRule({ log: { var: "entity.data.companyName" } }, "/cond/rule")).toEqual([
      expect.objectContaining({ pointer: "/cond/rule/log", code: "json_logic_operator_unknown" }),
    ]);
  });
});
