import jmespath from "jmespath";
import { describe, expect, it } from "vitest";
import { jmespathBoundsProblem, type JmespathNode } from "./jmespath-bounds";

// The definition-time analysis of JMESPath mappings, run on the parsed expression (jmespathProblem caches its
// verdicts; this checks the analysis itself).
const { compile } = jmespath as unknown as { compile(expression: string): JmespathNode };
const problem = (expression: string) => jmespathBoundsProblem(compile(expression));

describe("jmespathBoundsProblem", () => {
  it("accepts ordinary mappings", () => {
    for (const expression of [
      "{ name: entity.data.companyName, id: entity.id }",
      "people[?age > `20`].name",
      "people[*].{ n: name } | [0]",
      "items[::2]",
      "a || b && !c",
      "map(&name, people)",
      "sort_by(people, &age)[-1].name",
      "max_by(people, &age).name",
      "join(', ', names)",
      "merge(a, b, c)",
      "not_null(a, b, `1`)",
      "to_array(a)",
      "to_string(a)",
      "values(@) | keys(@) | reverse(@) | sort(@)",
      "length(a) == `3`",
      "[a, b][]",
      "a.*.b",
    ]) {
      expect(problem(expression), expression).toBeNull();
    }
  });

  it("refuses a slice step of 0", () => {
    expect(problem("items[::0]")).toBe("a slice step cannot be 0; use [::1] or remove the step");
  });

  it("refuses '&expression' outside the expression argument of map, sort_by, max_by and min_by", () => {
    expect(problem("&name")).toBe("'&expression' is only allowed as the expression argument of map, sort_by, max_by and min_by");
    expect(problem("length(&name)")).toBe("'&expression' is only allowed as the expression argument of map, sort_by, max_by and min_by");
    expect(problem("sort_by(people, age)")).toBe("sort_by() needs '&expression' as argument 2");
    expect(problem("map(name, people)")).toBe("map() needs '&expression' as argument 1");
    expect(problem("min_by(people, age)")).toBe("min_by() needs '&expression' as argument 2");
  });

  it("says how many arguments a function takes", () => {
    expect(problem("length(a, b)")).toBe("length() takes 1 argument, got 2");
    expect(problem("contains(a)")).toBe("contains() takes 2 arguments, got 1");
    expect(problem("merge()")).toMatch(/^merge\(\) takes at least 1 arguments?, got 0$/);
    expect(problem("not_null()")).toMatch(/^not_null\(\) takes at least 1 arguments?, got 0$/);
    expect(problem("shout(a)")).toMatch(/^unknown function shout\(\); use one of: abs, avg, ceil, .*, values$/);
  });

  it("needs join's separator to be a literal string", () => {
    const refusal = "join() needs a literal separator such as join(', ', names), so the result size stays bounded";
    expect(problem("join(sep, names)")).toBe(refusal);
    expect(problem("join(`1`, names)")).toBe(refusal);
  });

  it("refuses keys and literals PostgreSQL cannot store", () => {
    expect(problem('{ "a\\u0000": b }')).toMatch(/^a key contains a NUL character/);
    expect(problem('{ a: `"\\ud800"` }')).toMatch(/^a literal contains a NUL character \(\\u0000\) or an unpaired surrogate/);
  });

  it("refuses more than jmespathNodes nodes and more than jmespathDepth levels", () => {
    const list = (n: number) => `[${Array.from({ length: n }, (_, i) => `\`${i}\``).join(", ")}]`; // the list and n literals
    expect(problem(list(1_000))).toBe("the expression has more than jmespathNodes (1,000) nodes; split the mapping or simplify it");
    expect(problem(list(999))).toBeNull();
    expect(problem(`${"!".repeat(70)}a`)).toBe("the expression nests deeper than jmespathDepth (64) levels; simplify it");
    expect(problem(`${"!".repeat(60)}a`)).toBeNull();
  });

  it("refuses results that grow faster than the input allows, saying by how much", () => {
    const doubling = (steps: number) => `@${" | [@, @][]".repeat(steps)}`;
    expect(problem(doubling(6))).toBeNull();
    expect(problem(doubling(7))).toMatch(/^the result \(or a value built on the way\) may grow to 128 times the size of the input, over the limit jmespathGrowth \(64\); avoid repeating '@'/);
    expect(problem(doubling(40))).toMatch(/may grow to more than 1,000,000,000 times/);
    expect(problem("[@, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @, @]")).toMatch(/may grow to 65 times/);
    expect(problem("{ a: @, b: @ } | [a, b] | { c: @, d: @ } | [c, d] | { e: @, f: @ } | [e, f] | [@, @, @]")).toMatch(/may grow to \d+ times/);
  });

  it("refuses literals that would build values over jmespathResultChars", () => {
    const big = `\`"${"x".repeat(50_000)}"\``;
    expect(problem(`[${Array.from({ length: 50 }, () => big).join(", ")}]`)).toBe(
      "the expression may build values of more than jmespathResultChars (2,000,000) characters from its literals; use smaller literals",
    );
    expect(problem(`[${Array.from({ length: 30 }, () => big).join(", ")}]`)).toBeNull();
  });
});
