import { describe, expect, it } from "vitest";
import { deepMerge, isPlainObject, listOrNone, pointer, readPath, unstorableText } from "./json-utils";

describe("json-utils", () => {
  it("isPlainObject: objects only, not arrays, null or scalars", () => {
    expect([{}, { a: 1 }].map(isPlainObject)).toEqual([true, true]);
    expect([[], null, undefined, "x", 1].map(isPlainObject)).toEqual([false, false, false, false, false]);
  });

  it("pointer appends tokens escaped as RFC 6901 says (~ as ~0, / as ~1)", () => {
    expect(pointer("/definition/states", "a/b", "c~d", 3)).toBe("/definition/states/a~1b/c~0d/3");
    expect(pointer("", "~/")).toBe("/~0~1");
    expect(pointer("/x")).toBe("/x");
  });

  it("deepMerge merges objects key by key, lets anything else replace, and modifies neither input", () => {
    const base = { a: { x: 1, y: 2 }, l: [1, 2], s: "keep", o: { deep: { k: 1 } } };
    const override = { a: { y: 3 }, l: [], n: null, o: { deep: { j: 2 } }, s: { now: "object" } };
    expect(deepMerge(base, override)).toEqual({ a: { x: 1, y: 3 }, l: [], s: { now: "object" }, n: null, o: { deep: { k: 1, j: 2 } } });
    expect(base).toEqual({ a: { x: 1, y: 2 }, l: [1, 2], s: "keep", o: { deep: { k: 1 } } });
    expect(override.a).toEqual({ y: 3 });
    const merged = deepMerge(base, {});
    (merged.a as { x: number }).x = 99;
    expect(base.a.x).toBe(1);
  });

  it("deepMerge never lets a parsed __proto__ key set a prototype", () => {
    const merged = deepMerge({ a: 1 }, JSON.parse('{ "__proto__": { "polluted": true }, "b": 2 }'));
    expect(merged).toEqual({ a: 1, b: 2 });
    expect((merged as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });

  it("readPath reads a dotted path, undefined when a step is missing or not an object", () => {
    const root = { entity: { id: "e1", data: { list: ["a", "b"], nothing: null } } };
    expect(readPath(root, "entity.id")).toBe("e1");
    expect(readPath(root, "entity.data.list.1")).toBe("b");
    expect(readPath(root, "entity.missing.id")).toBeUndefined();
    expect(readPath(root, "entity.data.nothing.x")).toBeUndefined();
    expect(readPath(root, "entity.id.length")).toBeUndefined();
    expect(readPath(null, "a")).toBeUndefined();
  });

  it("listOrNone joins with commas, or says (none)", () => {
    expect([listOrNone(["a", "b", "c"]), listOrNone(["a"]), listOrNone([])]).toEqual(["a, b, c", "a", "(none)"]);
  });

  it("unstorableText finds a NUL or an unpaired surrogate in any string, keys included, however deep", () => {
    expect(unstorableText({ a: ["ok", "nul\u0000"] })).toBe(true);
    expect(unstorableText({ a: { b: [[{ c: "half \ud800 pair" }]] } })).toBe(true);
    expect(unstorableText({ ["key\u0000"]: 1 })).toBe(true);
    expect(unstorableText({ ["\udc00"]: "x" })).toBe(true);
    expect(unstorableText("\u0000")).toBe(true);
    expect(unstorableText({ a: ["ok", "emoji 😀", 1, null, true, { b: "é" }] })).toBe(false);
    expect(unstorableText(42)).toBe(false);
  });

  it("unstorableText walks at most its budget of values and answers false past it", () => {
    const late = ["fine", "fine", "bad\u0000"];
    expect(unstorableText(late)).toBe(true);
    expect(unstorableText(late, 2)).toBe(true); // the array, then its last item (a stack)
    expect(unstorableText(["bad\u0000", "fine", "fine"], 3)).toBe(false);
    expect(unstorableText(["bad\u0000", "fine", "fine"], 4)).toBe(true);
    expect(unstorableText("bad\u0000", 0)).toBe(false);
  });
});
