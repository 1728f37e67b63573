import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { breakEngineForTests, LinearRegExp, linearRegExpEngine, linearRegExpStats, patternProblem } from "./linear-regexp";
import { patternCost } from "./pattern-cost";
import { LINEAR_FORMATS, URL_FORMAT_MAX_CHARS, addSafeFormats } from "./safe-formats";

describe("LinearRegExp", () => {
  it("matches like a JavaScript RegExp with the u flag, case-insensitively with i", () => {
    expect(new LinearRegExp("^[a-z]+\\d{2}$").test("abc12")).toBe(true);
    expect(new LinearRegExp("^[a-z]+\\d{2}$").test("abc123")).toBe(false);
    expect(new LinearRegExp("^\\p{L}+$").test("Zoë")).toBe(true);
    expect(new LinearRegExp("^abc$", "i").test("ABC")).toBe(true);
    expect(String(new LinearRegExp("^a$"))).toBe("/^a$/u");
  });

  it("is linear where backtracking explodes: ^(a+)+$ against 30 a's and a '!'", () => {
    const started = performance.now();
    expect(new LinearRegExp("^(a+)+$").test(`${"a".repeat(30)}!`)).toBe(false);
    // A backtracking engine needs about 15 s here.
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("starts a fresh WebAssembly module when the loaded one aborted, and keeps matching", () => {
    const known = new LinearRegExp("^known$");
    expect(known.test("known")).toBe(true);
    const before = linearRegExpStats();
    breakEngineForTests();
    expect(new LinearRegExp("^fresh-[0-9]+$").test("fresh-42")).toBe(true);
    const after = linearRegExpStats();
    expect(after.restarts).toBe(before.restarts + 1);
    expect(after.generation).toBe(before.generation + 1);
    expect(known.test("known")).toBe(true);
  });

  it("is what Ajv uses for pattern when given as code.regExp, and a refused pattern fails the compile", () => {
    const ajv = new Ajv({ code: { regExp: linearRegExpEngine } });
    const validate = ajv.compile({ type: "string", pattern: "^(\\w+\\s?)*$" });
    expect(validate(`${"a".repeat(70)}!`)).toBe(false);
    expect(() => new Ajv({ code: { regExp: linearRegExpEngine } }).compile({ type: "string", pattern: "(a)\\1" })).toThrow(/backreferences/);
  });
});

describe("patternProblem", () => {
  it("accepts what RE2 compiles within the limits", () => {
    expect(patternProblem("^[A-Z]{2}[0-9]{2}[A-Z0-9]{4}[0-9]{7}([A-Z0-9]?){0,16}$")).toBeNull();
  });

  it.each([
    ["(a)\\1", /invalid escape sequence: \\1\).*backreferences/],
    ["(?=a)a", /invalid perl operator: \(\?=.*lookaround/],
    ["(?<!a)b", /lookaround/],
    ["x".repeat(1_001), /1001 characters, over the limit patternChars \(1,000\)/],
    ["^\\p{L}{1,100}$", /too costly to compile .* patternCost \(2,000\)/],
  ])("refuses %s", (pattern, message) => {
    expect(patternProblem(pattern)).toMatch(message);
  });
});

describe("patternCost", () => {
  it.each([
    ["^[a-z]+$", 5],
    ["^\\p{L}+$", 503],
    ["^.{1,255}$", 3054],
    ["(((a{10}){10}){10})", 1111],
  ])("estimates %s at %i units", (pattern, cost) => {
    expect(patternCost(pattern)).toBe(cost);
  });
});

describe("safe formats", () => {
  const ajv = new Ajv({ allErrors: true });
  addSafeFormats(ajv);
  const valid = (format: string, value: string) => ajv.validate({ type: "string", format }, value);

  it("run the regular-expression formats on RE2 with the same answers", () => {
    expect(LINEAR_FORMATS.length).toBeGreaterThan(5);
    expect(valid("email", "ada@example.com")).toBe(true);
    expect(valid("email", "ada@")).toBe(false);
    expect(valid("uuid", "6f1c6b9e-0f5c-4b8e-9a57-1d0f4d7b2c11")).toBe(true);
    expect(valid("ipv4", "256.1.1.1")).toBe(false);
    expect(valid("ipv6", "::1")).toBe(true);
    expect(valid("uri-reference", "../a?b#c")).toBe(true);
    expect(valid("json-pointer", "/a/b~1c")).toBe(true);
    expect(valid("date", "2024-02-30")).toBe(false);
    expect(valid("url", "https://example.com/a")).toBe(true);
  });

  it("answer adversarial inputs of 20,000 characters quickly, url included", () => {
    const inputs = ["http://" + ":".repeat(20_000), "a@" + "a-".repeat(10_000), "a".repeat(20_000) + "!", "1.".repeat(10_000), "P" + "1".repeat(20_000) + "!"];
    for (const format of ["url", "email", "hostname", "uri", "uri-reference", "duration", "ipv6", "date-time", "uri-template"]) {
      for (const input of inputs) {
        const started = performance.now();
        valid(format, input);
        // Linear formats take a few ms; url without its length cap took 1.7 s on the first input.
        expect(performance.now() - started, `${format} on ${input.slice(0, 12)}…`).toBeLessThan(500);
      }
    }
    expect(valid("url", `https://example.com/${"a".repeat(URL_FORMAT_MAX_CHARS)}`)).toBe(false);
  });
});
