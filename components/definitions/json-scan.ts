/**
 * A small JSON scanner for the definition editor (no editor library is installed): it finds the first syntax
 * error with a consistent position and message in every browser (JSON.parse messages differ and often carry no
 * position), and maps JSON pointers to where their key or value starts, so a validator problem can point at
 * its line.
 */

export type ScanResult = { ok: true; offsets: Map<string, number> } | { ok: false; offset: number; message: string };

export interface TextPosition {
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

class SyntaxProblem extends Error {
  constructor(readonly offset: number, message: string) {
    super(message);
  }
}

const escapeSegment = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const describe = (c: string | undefined) => (c === undefined ? "the end of the text" : `'${c}'`);

/**
 * Scan `text` as JSON. On success, `offsets` maps every JSON pointer ("" for the root) to the offset of its
 * member's key (objects) or its value (arrays, root); on failure, the offset and a message of the first error.
 *
 * @example
 * scanJson('{"a": [1, 2]}').offsets.get("/a/1") // 10
 * scanJson('{"a": 1,}') // { ok: false, offset: 8, message: "expected a double-quoted property name; remove a trailing comma?" }
 */
export function scanJson(text: string): ScanResult {
  const offsets = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i++;
  };
  const fail = (message: string, at = i): never => {
    throw new SyntaxProblem(at, message);
  };
  const string = (): string => {
    const start = i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) fail("unterminated string: add the closing '\"'", start);
      if (c === '"') break;
      if (c < " ") fail("line breaks and control characters must be escaped inside a string (\\n, \\t)");
      if (c === "\\") {
        const e = text[i + 1];
        if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(`invalid escape '\\${e ?? ""}' in a string`);
      } else i++;
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string): void => {
    ws();
    if (!offsets.has(path)) offsets.set(path, i);
    const c = text[i];
    if (c === "{") return object(path);
    if (c === "[") return array(path);
    if (c === '"') return void string();
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, i)) return void (i += literal.length);
    }
    NUMBER.lastIndex = i;
    if (NUMBER.test(text) && NUMBER.lastIndex > i) return void (i = NUMBER.lastIndex);
    fail(c === undefined ? "unexpected end of the text: a value is missing" : `unexpected ${describe(c)}: expected a value (string, number, object, array, true, false or null)`);
  };
  const object = (path: string) => {
    i++;
    ws();
    if (text[i] === "}") return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail(`expected a double-quoted property name, found ${describe(text[i])}${text[i] === "}" ? "; remove a trailing comma?" : ""}`);
      const keyAt = i;
      const member = `${path}/${escapeSegment(string())}`;
      offsets.set(member, keyAt);
      ws();
      if (text[i] !== ":") fail(`expected ':' after the property name, found ${describe(text[i])}`);
      i++;
      value(member);
      ws();
      if (text[i] === ",") i++;
      else if (text[i] === "}") return void i++;
      else fail(`expected ',' or '}' after a property value, found ${describe(text[i])}; a comma missing?`);
    }
  };
  const array = (path: string) => {
    i++;
    ws();
    if (text[i] === "]") return void i++;
    for (let n = 0; ; n++) {
      ws();
      if (text[i] === "]") fail("unexpected ']': remove a trailing comma?");
      value(`${path}/${n}`);
      ws();
      if (text[i] === ",") i++;
      else if (text[i] === "]") return void i++;
      else fail(`expected ',' or ']' after an array element, found ${describe(text[i])}; a comma missing?`);
    }
  };
  try {
    value("");
    ws();
    if (i < text.length) fail(`unexpected ${describe(text[i])} after the end of the JSON value`);
    return { ok: true, offsets };
  } catch (error) {
    if (error instanceof SyntaxProblem) return { ok: false, offset: error.offset, message: error.message };
    throw error;
  }
}

/** The 1-based line and column of an offset. */
export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { offset, line, column: offset - before.lastIndexOf("\n") };
}

/**
 * Where a pointer's key (or array element) is in `text`, or, when the pointer names something missing (a
 * required field), where its nearest existing parent is (`exact: false`). Null when the text is not JSON.
 */
export function locatePointer(scan: ScanResult, text: string, pointer: string): (TextPosition & { exact: boolean }) | null {
  if (!scan.ok) return null;
  for (let p = pointer, exact = true; ; exact = false) {
    const offset = scan.offsets.get(p);
    if (offset !== undefined) return { ...positionAt(text, offset), exact };
    if (p === "") return null;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}
