import { describe, expect, it } from "vitest";
import { patternCost } from "./pattern-cost";

// The compile-cost estimate that gates user patterns (units of about 0.1 ms of RE2 compile time): a narrow
// atom costs 1, a wide one (`.`, `\D`, `\W`, `\S`, a negated class) 4, a Unicode property 500.
const costs = (patterns: string[]) => patterns.map(patternCost);

describe("patternCost", () => {
  it("adds up atoms, the alternatives of a group, and one per group and per quantifier", () => {
    expect(costs(["a|b|c", "(a|b)|c", "(a|bc)", "(a)", ")a", "a.b"])).toEqual([3, 4, 4, 2, 1, 6]);
    expect(costs(["a*?", "a+", "a?", "a??"])).toEqual([2, 2, 2, 2]);
  });

  it("multiplies the last atom by a counted repetition: its minimum plus three per optional copy, capped at 100,000", () => {
    expect(costs(["a{2}", "a{2,}", "a{2,4}", "a{2,4}?", "(a){3}"])).toEqual([2, 5, 8, 8, 6]);
    expect(costs(["a{200000}", "a{1,200000}"])).toEqual([100_000, 299_998]);
    expect(costs(["a{x}", "{2}"])).toEqual([4, 0]);
  });

  it("prices escapes: properties, wide shorthand classes, and the code-point forms as one narrow atom each", () => {
    expect(costs(["\\p{Lu}x", "\\pLx", "\\P{L}", "\\p{Lu"])).toEqual([501, 501, 500, 502]); // unclosed: the rest are atoms
    expect(costs(["\\D\\W\\S", "\\d\\w\\s"])).toEqual([12, 3]);
    expect(costs(["\\u{1F600}a", "\\u{1F600", "\\u00e9a", "\\x41a", "\\cJa"])).toEqual([2, 6, 2, 2, 2]);
  });

  it("prices a class by its items (one unit per eight), its wide escapes, non-ASCII characters, and negation", () => {
    expect(costs(["[a]", "[abcdefgh]", "[abcdefghi]", "[^a]", "[é]"])).toEqual([2, 2, 3, 6, 3]);
    expect(costs(["[\\p{L}]", "[\\d]", "[\\D]", "[\\]]"])).toEqual([502, 2, 6, 2]);
  });
});
