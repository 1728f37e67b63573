import type { Rng } from "./rng";

/** A generated body: its text (or raw bytes) and the generator's name. */
export interface HostileBody {
  kind: string;
  body: string | Buffer;
}

/** Values that break naive code: huge and odd numbers, wrong types, NUL, lone surrogates, prototype keys. */
export function hostileValue(r: Rng): unknown {
  return r.weighted<() => unknown>([
    [3, () => r.pick([1e21, -1e21, 1.7976931348623157e308, 5e-324, -0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 0.1 + 0.2])],
    [2, () => r.pick([null, true, false, [], {}, "", " ", "0", "null", "undefined", "NaN"])],
    [2, () => "\u0000" + r.string(r.int(0, 5))],
    [1, () => "\ud800" + r.string(3)],
    [1, () => r.pick(["'; drop table workflow_runtimes; --", "${7*7}", "{{constructor.constructor('x')()}}", "../../etc/passwd", "%00", "\u202e\u0301\ufeff"])],
    [2, () => "x".repeat(r.pick([256, 4_000, 70_000, 300_000]))],
    [1, () => Array.from({ length: r.int(1, 2000) }, (_, i) => i)],
    [1, () => JSON.parse('{"__proto__":{"polluted":true}}')],
    [1, () => JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}')],
  ])();
}

/** Set `value` at a random path of a JSON-like `base` (or add a new key there). */
export function mutateAt(r: Rng, base: unknown, value: unknown, depth = 0): unknown {
  if (base === null || typeof base !== "object" || depth > 6 || r.chance(0.15)) return value;
  if (Array.isArray(base)) {
    if (base.length === 0) return [value];
    const copy = base.slice();
    const i = r.int(0, copy.length - 1);
    copy[i] = mutateAt(r, copy[i], value, depth + 1);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || r.chance(0.2)) {
    copy[r.pick(["extra", "state", "status", "version", "projectId", "id", r.string(6)])] = value;
    return copy;
  }
  const k = r.pick(keys);
  copy[k] = mutateAt(r, copy[k], value, depth + 1);
  return copy;
}

const nest = (depth: number, open: string, close: string, inner = "1") => open.repeat(depth) + inner + close.repeat(depth);

/**
 * Hostile JSON bodies for a route whose valid body is `valid`: malformed text, deep nesting, huge strings and
 * numbers, 60,000 unknown keys, wrong types, NUL characters, prototype-pollution keys.
 */
export function hostileBody(r: Rng, valid: unknown): HostileBody {
  const kind = r.weighted<string>([
    [10, "mutated-value"],
    [4, "wrong-types"],
    [4, "malformed"],
    [3, "deep-nesting"],
    [2, "huge-string"],
    [3, "huge-number"],
    [1, "unknown-keys-60000"],
    [3, "prototype-keys"],
    [3, "nul-and-surrogates"],
    [2, "not-utf8"],
    [2, "duplicate-keys"],
  ]);
  switch (kind) {
    case "mutated-value":
      return { kind, body: JSON.stringify(mutateAt(r, valid, hostileValue(r))) };
    case "wrong-types": {
      let v = valid;
      for (let i = r.int(1, 4); i > 0; i--) v = mutateAt(r, v, r.pick([42, "42", true, null, [], {}, [null], 1e21, -1]));
      return { kind, body: JSON.stringify(r.chance(0.1) ? r.pick([[v], "text", 7, null]) : v) };
    }
    case "malformed": {
      const text = JSON.stringify(valid) ?? "{}";
      return {
        kind,
        body: r.pick([
          "",
          " ",
          text.slice(0, Math.max(1, Math.floor(text.length / 2))),
          text + ",",
          text.replace(/"/, "'"),
          `{"a":NaN}`,
          `{"a":Infinity}`,
          `{"a":1,}`,
          "\ufeff" + text,
          "[" + text,
          `{"a":"\\u12"}`,
          `{"a":"\\ud800\\u0000"}`,
          "null",
          "[]",
          "0",
          `"just a string"`,
          "{".repeat(10),
          `{"a": 1e999999}`,
          `{"a":"\n"}`,
        ]),
      };
    }
    case "deep-nesting": {
      const depth = r.pick([63, 64, 65, 100, 1_000, 10_000, 100_000]);
      const body = r.chance(0.5) ? nest(depth, "[", "]") : nest(depth, '{"a":', "}");
      // Deep inside an otherwise valid body, too.
      return { kind, body: r.chance(0.3) ? JSON.stringify(mutateAt(r, valid, "__DEEP__")).replace('"__DEEP__"', body) : body };
    }
    case "huge-string": {
      const n = r.pick([65_000, 1_000_000 - 200, 1_000_001, 2_000_100, 3_000_000]);
      return { kind, body: JSON.stringify(mutateAt(r, valid, r.pick(["x", "é", "\u{1F600}"]).repeat(n / 4) )) };
    }
    case "huge-number": {
      const n = r.pick(["1e21", "-1e21", "1e400", "123456789012345678901234567890", "0.0000000000000000000000001", "-0", "9".repeat(5000), "1E+308"]);
      return { kind, body: JSON.stringify(mutateAt(r, valid, "__NUM__")).replace('"__NUM__"', n) };
    }
    case "unknown-keys-60000": {
      const keys: string[] = [];
      for (let i = 0; i < 60_000; i++) keys.push(`"k${i}":${i}`);
      const base = JSON.stringify(valid ?? {});
      const inner = keys.join(",");
      return { kind, body: base.startsWith("{") && base !== "{}" ? `{${inner},${base.slice(1)}` : `{${inner}}` };
    }
    case "prototype-keys": {
      const key = r.pick(["__proto__", "constructor", "prototype"]);
      const text = JSON.stringify(mutateAt(r, valid, "__P__"));
      return { kind, body: text.replace('"__P__"', `{"${key}":{"polluted":true,"toString":"x"}}`) };
    }
    case "nul-and-surrogates": {
      const text = JSON.stringify(mutateAt(r, valid, "__S__"));
      return { kind, body: text.replace('"__S__"', r.pick(['"a\\u0000b"', '"\\ud800"', '"\\udfff\\ud800"', '{"\\u0000":1}', '{"k\\ud83d":1}'])) };
    }
    case "not-utf8": {
      const text = Buffer.from(JSON.stringify(valid) ?? "{}");
      const bad = Buffer.from(r.pick([[0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x80], [0xe0, 0xa4]]));
      const at = r.int(1, Math.max(1, text.length - 1));
      return { kind, body: Buffer.concat([text.subarray(0, at), bad, text.subarray(at)]) };
    }
    default: {
      const text = JSON.stringify(valid) ?? "{}";
      return { kind: "duplicate-keys", body: text.startsWith("{") && text !== "{}" ? `{"id":"a","id":{"x":1},${text.slice(1)}` : `{"a":1,"a":2}` };
    }
  }
}
