import { describe, expect, it } from "vitest";
import { evaluateJmespath } from "./jmespath-eval";

// A mapping's result may hold up to jmespathResultChars (2,000,000) characters of JSON: strings count their
// quotes, arrays their brackets and one separator per item, objects their braces and each key with its quotes,
// colon and separator.
const LIMIT = 2_000_000;
const tooLarge = /^the mapping's result is larger than the limit jmespathResultChars \(2,000,000\) characters; map fewer fields$/;

describe("the size of a mapping's result", () => {
  it("a string up to the limit with its quotes", () => {
    expect((evaluateJmespath("a", { a: "x".repeat(LIMIT - 2) }) as string).length).toBe(LIMIT - 2);
    expect(() => evaluateJmespath("a", { a: "x".repeat(LIMIT - 1) })).toThrow(tooLarge);
  });

  it("an array counts its brackets and a separator per item", () => {
    expect(evaluateJmespath("[a]", { a: "x".repeat(LIMIT - 5) })).toHaveLength(1);
    expect(() => evaluateJmespath("[a]", { a: "x".repeat(LIMIT - 4) })).toThrow(tooLarge);
    const ones = (n: number) => Array.from({ length: n }, () => 1);
    expect(evaluateJmespath("a", { a: ones((LIMIT - 2) / 2) })).toHaveLength((LIMIT - 2) / 2);
    expect(() => evaluateJmespath("a", { a: ones((LIMIT - 2) / 2 + 1) })).toThrow(tooLarge);
  });

  it("an object counts its braces and each key with its quotes, colon and separator", () => {
    expect(evaluateJmespath("{ k: a }", { a: "x".repeat(LIMIT - 9) })).toHaveProperty("k");
    expect(() => evaluateJmespath("{ k: a }", { a: "x".repeat(LIMIT - 8) })).toThrow(tooLarge);
  });

  it("numbers and booleans count their text", () => {
    expect(evaluateJmespath("a", { a: Array.from({ length: 199_999 }, () => 123_456_789) })).toHaveLength(199_999);
    expect(() => evaluateJmespath("a", { a: Array.from({ length: 200_000 }, () => 123_456_789) })).toThrow(tooLarge);
    expect(() => evaluateJmespath("a", { a: Array.from({ length: 400_000 }, () => true) })).toThrow(tooLarge);
    expect(evaluateJmespath("a", { a: Array.from({ length: 399_999 }, () => true) })).toHaveLength(399_999);
  });
});
