import type { FieldError } from "../../errors";
import { appendPointer } from "./json-pointer";

/** Keys that could reach `Object.prototype` if any code merged the body into an object: refused everywhere. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Nesting depth of JSON text (`{}` and `[]` each count one level), scanned before parsing so a hostile
 * body never reaches a recursive walk. Stops counting once `limit` is exceeded and returns `limit + 1`.
 *
 * @example jsonDepth('{"a":[1,{"b":"]"}]}', 64) // 3
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return limit + 1;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/**
 * Every forbidden key (`__proto__`, `constructor`, `prototype`) anywhere in a parsed JSON value, and every
 * string or key PostgreSQL cannot store (a NUL character, an unpaired surrogate), as field errors with
 * JSON pointers. `JSON.parse` creates `__proto__` as an own property, so it is visible here.
 * Only call on values whose depth was already bounded by `jsonDepth`.
 */
export function unsafeJsonErrors(value: unknown, pointer = "", out: UnsafeJsonError[] = [], max = 20): UnsafeJsonError[] {
  if (out.length >= max) return out;
  if (typeof value === "string") {
    if (unstorable(value)) out.push({ kind: "unstorable", path: pointer, message: UNSTORABLE_MESSAGE });
    return out;
  }
  if (value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    value.forEach((item, i) => unsafeJsonErrors(item, `${pointer}/${i}`, out, max));
    return out;
  }
  for (const key of Object.keys(value)) {
    const at = appendPointer(pointer, key);
    if (FORBIDDEN_KEYS.has(key)) out.push({ kind: "forbidden_key", path: at, message: `the key '${key}' is not allowed anywhere in a request body; rename it` });
    else if (unstorable(key)) out.push({ kind: "unstorable", path: at, message: UNSTORABLE_MESSAGE });
    else unsafeJsonErrors((value as Record<string, unknown>)[key], at, out, max);
    if (out.length >= max) return out;
  }
  return out;
}

export interface UnsafeJsonError extends FieldError {
  kind: "forbidden_key" | "unstorable";
}

const UNSTORABLE_MESSAGE = "contains a NUL character (\\u0000) or an unpaired surrogate (e.g. \\ud800), which cannot be stored; send valid Unicode text";
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text/jsonb reject U+0000, and jsonb rejects unpaired UTF-16 surrogates. */
function unstorable(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}
