import { describe, expect, it } from "vitest";
import { mergePatch, mergePatchPointers } from "./merge-patch";

describe("mergePatch (RFC 7396)", () => {
  // Appendix A of RFC 7396: original, patch, result.
  const cases: Array<[unknown, unknown, unknown]> = [
    [{ a: "b" }, { a: "c" }, { a: "c" }],
    [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
    [{ a: "b" }, { a: null }, {}],
    [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
    [{ a: ["b"] }, { a: "c" }, { a: "c" }],
    [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
    [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
    [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
    [["a", "b"], ["c", "d"], ["c", "d"]],
    [{ a: "b" }, ["c"], ["c"]],
    [{ a: "foo" }, null, null],
    [{ a: "foo" }, "bar", "bar"],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: "b", c: null }, { a: "b" }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  for (const [target, patch, result] of cases) {
    it(`${JSON.stringify(target)} + ${JSON.stringify(patch)} = ${JSON.stringify(result)}`, () => {
      expect(mergePatch(target, patch)).toEqual(result);
    });
  }

  it("keeps nulls inside arrays and replaces arrays whole", () => {
    expect(mergePatch({ list: [1, 2, 3] }, { list: [null, 4] })).toEqual({ list: [null, 4] });
  });

  it("modifies neither input", () => {
    const target = { a: { b: 1, c: [1] } };
    const patch = { a: { b: null, d: 2 } };
    const before = structuredClone({ target, patch });
    expect(mergePatch(target, patch)).toEqual({ a: { c: [1], d: 2 } });
    expect({ target, patch }).toEqual(before);
  });

  it("never sets a prototype through a __proto__ key", () => {
    const result = mergePatch({}, JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')) as Record<string, unknown>;
    expect(result).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("mergePatchPointers", () => {
  it("lists what was added, removed and replaced, going into objects only", () => {
    const target = { a: { b: 1, c: 2 }, d: [1], e: "x" };
    expect(mergePatchPointers(target, { a: { b: 1, c: null, n: { deep: true } }, d: [2], e: { now: "object" } })).toEqual(["/a/c", "/a/n", "/d", "/e"]);
  });

  it("lists nothing for values set to what they are and nulls for absent keys", () => {
    expect(mergePatchPointers({ a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 2 }] }, gone: null })).toEqual([]);
    expect(mergePatchPointers({ a: 1 }, {})).toEqual([]);
  });

  it("escapes '~' and '/' in keys (RFC 6901)", () => {
    expect(mergePatchPointers({}, { "a/b": 1, "m~n": { "x/~y": 2 } })).toEqual(["/a~1b", "/m~0n"]);
    expect(mergePatchPointers({ "m~n": {} }, { "m~n": { "x/~y": 2 } })).toEqual(["/m~0n/x~1~0y"]);
  });

  it("is the root pointer for a patch that replaces the whole value", () => {
    expect(mergePatchPointers({ a: 1 }, ["a"])).toEqual([""]);
    expect(mergePatchPointers({ a: 1 }, null)).toEqual([""]);
  });
});
