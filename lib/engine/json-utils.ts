import type { JsonObject } from "./types";

/** True for `{...}` objects (not arrays, not null). */
export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Appends reference tokens to a JSON pointer, escaping `~` and `/` (RFC 6901).
 *
 * @example
 * pointer("/definition/states", "a/b") // "/definition/states/a~1b"
 */
export function pointer(base: string, ...tokens: Array<string | number>): string {
  return base + tokens.map((t) => "/" + String(t).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/**
 * Deep-merges `override` over `base`: plain objects merge key by key, anything else in `override`
 * (arrays included) replaces the base value. Neither input is modified; base values are cloned.
 *
 * @example
 * deepMerge({ a: { x: 1, y: 2 }, l: [1] }, { a: { y: 3 }, l: [] }) // { a: { x: 1, y: 3 }, l: [] }
 */
export function deepMerge(base: JsonObject, override: JsonObject): JsonObject {
  const out: JsonObject = structuredClone(base);
  for (const [key, value] of Object.entries(override)) {
    if (key === "__proto__") continue; // JSON.parse can produce it as an own key; never let it set a prototype
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return out;
}

/**
 * Reads a dotted path (`entity.data.companyName`) from a value; `undefined` when any step is missing.
 *
 * @example
 * readPath({ entity: { id: "e1" } }, "entity.id") // "e1"
 */
export function readPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as JsonObject)[key];
  }
  return current;
}

/** Formats a list for error messages: `a, b, c` or `(none)`. */
export function listOrNone(items: readonly string[]): string {
  return items.length > 0 ? items.join(", ") : "(none)";
}
