/**
 * JSON with object keys sorted at every depth, dates as ISO 8601 strings and `undefined` members left out: the
 * same value always gives the same text, whatever order its keys were built or stored in (jsonb reorders keys).
 *
 * @example canonicalJson({ b: 1, a: new Date(0) }) // '{"a":"1970-01-01T00:00:00.000Z","b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalize(value));
}

function normalize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : normalize(v)));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = normalize(v);
    }
    return out;
  }
  return value;
}
