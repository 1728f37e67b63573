import { describe, expect, it } from "vitest";
import { locatePointer, positionAt, scanJson } from "./json-scan";

describe("scanJson", () => {
  it("maps pointers to their keys and array elements", () => {
    const text = '{\n  "a": [1, {"b/c": true}],\n  "d~": "x"\n}';
    const scan = scanJson(text);
    expect(scan.ok).toBe(true);
    if (!scan.ok) return;
    expect(scan.offsets.get("")).toBe(0);
    expect(text.slice(scan.offsets.get("/a"), scan.offsets.get("/a")! + 3)).toBe('"a"');
    expect(text[scan.offsets.get("/a/0")!]).toBe("1");
    expect(text.slice(scan.offsets.get("/a/1/b~1c")!).startsWith('"b/c"')).toBe(true);
    expect(positionAt(text, scan.offsets.get("/d~0")!)).toMatchObject({ line: 3, column: 3 });
  });

  it("agrees with JSON.parse on valid documents", () => {
    for (const text of ['"x"', "-1.5e3", "null", "[]", "{}", '{"a":"\\u00e9\\n"}', " [ true , false ] "]) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(scanJson(text).ok).toBe(true);
    }
  });

  it.each([
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}'"],
    ['{"a": 1,}', 1, 9, "trailing comma"],
    ['{"a": tru}', 1, 7, "expected a value"],
    ['{"a" 1}', 1, 6, "expected ':'"],
    ['{"a": "x', 1, 7, "unterminated string"],
    ["[1, 2,]", 1, 7, "trailing comma"],
    ['{"a": 1} x', 1, 10, "after the end"],
    ["", 1, 1, "unexpected end"],
    ['{"a": "\\q"}', 1, 8, "invalid escape"],
  ])("finds the first error in %j at line %i, column %i", (text, line, column, message) => {
    expect(() => JSON.parse(text)).toThrow();
    const scan = scanJson(text);
    expect(scan.ok).toBe(false);
    if (scan.ok) return;
    expect(positionAt(text, scan.offset)).toMatchObject({ line, column });
    expect(scan.message).toContain(message);
  });
});

describe("locatePointer", () => {
  const text = '{\n  "definition": {\n    "states": {\n      "idle": { "on": { "start": "nowhere" } }\n    }\n  }\n}';
  const scan = scanJson(text);

  it("finds the line of a validator problem's pointer", () => {
    expect(locatePointer(scan, text, "/definition/states/idle/on/start")).toMatchObject({ line: 4, exact: true });
  });

  it("falls back to the nearest existing parent for a missing field", () => {
    expect(locatePointer(scan, text, "/definition/initial")).toMatchObject({ line: 2, exact: false });
    expect(locatePointer(scan, text, "/name")).toMatchObject({ line: 1, column: 1, exact: false });
  });

  it("gives null when the text is not JSON", () => {
    expect(locatePointer(scanJson("{"), "{", "/a")).toBeNull();
  });
});
