import { isDeepStrictEqual } from "node:util";
import { isPlainObject, pointer } from "./json-utils";
import type { JsonObject } from "./types";

/**
 * RFC 7396 JSON Merge Patch: an object patch merges into the target key by key (a `null` value removes the
 * key, an object value merges recursively, anything else, arrays included, replaces the key's value); a patch
 * that is not an object replaces the whole target. Pure: neither input is modified (unchanged parts of the
 * target and values taken from the patch are shared, not copied).
 *
 * @example
 * mergePatch({ a: "b", c: { d: "e", f: "g" } }, { a: "z", c: { f: null } }) // { a: "z", c: { d: "e" } }
 * mergePatch({ a: [1, 2] }, { a: [3] }) // { a: [3] }
 * mergePatch({ a: 1 }, ["x"]) // ["x"]
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: JsonObject = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === "__proto__") continue; // JSON.parse makes it an own key; assigning it would set a prototype
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/**
 * The JSON pointers (RFC 6901, `~0` and `~1` escaped) of the values `mergePatch(target, patch)` actually
 * changes: a key added, removed or replaced is one pointer; an object patch over an object goes deeper.
 * A key set to the value it already has, or a `null` for a key that is absent, changes nothing.
 * `""` when a patch that is not an object replaces a different target.
 *
 * @example
 * mergePatchPointers({ a: { b: 1, c: 2 }, d: [1] }, { a: { b: 1, c: null }, d: [2], "x/y": 0 }) // ["/a/c", "/d", "/x~1y"]
 */
export function mergePatchPointers(target: unknown, patch: unknown, at = ""): string[] {
  if (!isPlainObject(patch) || !isPlainObject(target)) return isDeepStrictEqual(target, mergePatch(target, patch)) ? [] : [at];
  const changed: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (key === "__proto__") continue;
    const here = pointer(at, key);
    const present = Object.hasOwn(target, key);
    if (value === null) {
      if (present) changed.push(here);
    } else if (!present) {
      changed.push(here);
    } else {
      changed.push(...mergePatchPointers(target[key], value, here));
    }
  }
  return changed;
}
