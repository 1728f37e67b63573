import { describe, expect, it } from "vitest";
import { LinearRegExp, patternLimitProblem, patternProblem } from "./linear-regexp";

describe("pattern limits", () => {
  it("accepts a pattern of exactly patternChars characters and exactly patternCost units", () => {
    expect(patternLimitProblem("x".repeat(1_000))).toBeNull();
    expect(patternLimitProblem("a{2000}")).toBeNull();
    expect(patternLimitProblem("x".repeat(1_001))).toBe("pattern has 1001 characters, over the limit patternChars (1,000); shorten it");
  });

  it("names a costly pattern by its first 80 characters and its estimate", () => {
    expect(patternLimitProblem("a{2001}")).toMatch(/^pattern 'a\{2001\}' is too costly to compile \(estimated 2001 units, over the limit patternCost \(2,000\)\); use fewer/);
    const long = `${"b".repeat(90)}a{2000}`;
    expect(patternLimitProblem(long)).toMatch(new RegExp(`^pattern '${"b".repeat(80)}' is too costly to compile \\(estimated 2090 units`));
  });

  it("says why RE2 refuses a pattern without repeating the pattern inside the reason", () => {
    const problem = patternProblem("(a)\\1");
    expect(problem).toBe(
      "pattern '(a)\\1' is not supported by the linear-time regex engine (invalid escape sequence: \\1); backreferences (\\1) and lookaround ((?=, (?!, (?<=, (?<!) are not available — rewrite the pattern without them",
    );
    expect(patternProblem(`${"c".repeat(90)}(?=a)`)).toMatch(new RegExp(`^pattern '${"c".repeat(80)}' is not supported by the linear-time regex engine \\(invalid perl operator: \\(\\?=\\)`));
    expect(patternProblem("(a)\\1")).toBe(problem);
  });
});

describe("LinearRegExp", () => {
  it("fails strings longer than patternSubjectChars without running the pattern", () => {
    const any = new LinearRegExp("^a*$");
    expect(any.test("a".repeat(1_000_000))).toBe(true);
    expect(any.test("a".repeat(1_000_001))).toBe(false);
  });

  it("always runs in Unicode mode, whatever flags it is given", () => {
    expect(String(new LinearRegExp("^a$", "iu"))).toBe("/^a$/iu");
    expect(String(new LinearRegExp("^a$", "u"))).toBe("/^a$/u");
    expect(new LinearRegExp("^.$", "").test("😀")).toBe(true);
  });

  it("keeps pinned patterns and least-recently-used ones apart, matching alike", () => {
    const pinned = new LinearRegExp("^[0-9]{3}$", "", "pinned");
    const lru = new LinearRegExp("^[0-9]{3}$", "", "lru");
    expect([pinned.test("123"), lru.test("123"), pinned.test("12"), lru.test("1234")]).toEqual([true, true, false, false]);
    expect(new LinearRegExp("^[0-9]{3}$", "i", "pinned").test("123")).toBe(true);
  });
});
