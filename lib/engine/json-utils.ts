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

/** `String.prototype.isWellFormed` (ES2024, Node 20+): false when the string has an unpaired surrogate. */
const isWellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * True when a string anywhere in `value` (keys included) holds a NUL character or an unpaired surrogate:
 * text PostgreSQL cannot store in jsonb. Walks at most `budget` values and answers false past them.
 *
 * @example
 * unstorableText({ a: ["ok", "nul\u0000"] }) // true
 */
export function unstorableText(value: unknown, budget = 1_000_000): boolean {
  const bad = (text: string) => text.includes("\u0000") || !isWellFormed(text);
  const stack: unknown[] = [value];
  for (let seen = 0; stack.length > 0 && seen < budget; seen++) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (bad(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (isPlainObject(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (bad(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
