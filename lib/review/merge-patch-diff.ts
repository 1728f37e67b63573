type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The JSON Merge Patch (RFC 7396) that turns `before` into `after`: changed or added keys with their new value
 * (objects recursively), removed keys (or keys set to `undefined`, as a cleared form field) as `null`, arrays
 * whole. `{}` when nothing changed. Pure, so the Edit case data form and its tests share it.
 *
 * @example
 * mergePatchDiff({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 5 } }) // { b: { c: 5, d: null } }
 */
export function mergePatchDiff(before: Json, after: Json): Json {
  const patch: Json = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[key];
    if (isObject(old) && isObject(value)) {
      const inner = mergePatchDiff(old, value);
      if (Object.keys(inner).length) patch[key] = inner;
    } else if (JSON.stringify(old) !== JSON.stringify(value)) {
      patch[key] = value;
    }
  }
  for (const key of Object.keys(before)) if (after[key] === undefined && before[key] !== undefined) patch[key] = null;
  return patch;
}
