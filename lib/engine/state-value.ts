import type { StateValue } from "xstate";

const valueCache = new Map<string, StateValue>();

/**
 * Converts a dotted state path to an XState state value (cached; values are treated as immutable).
 *
 * @example
 * toStateValue("review.pending") // { review: "pending" }
 */
export function toStateValue(path: string): StateValue {
  let value = valueCache.get(path);
  if (value === undefined) {
    const parts = path.split(".");
    value = parts.reduceRight<StateValue>((inner, key) => ({ [key]: inner }), parts.pop() as string);
    if (valueCache.size > 10_000) valueCache.clear();
    valueCache.set(path, value);
  }
  return value;
}

/**
 * Converts an XState state value of a non-parallel machine to a dotted path.
 *
 * @example
 * toDottedPath({ review: "pending" }) // "review.pending"
 */
export function toDottedPath(value: StateValue): string {
  if (typeof value === "string") return value;
  const keys = Object.keys(value);
  if (keys.length !== 1) throw new Error(`parallel state values are not supported: ${JSON.stringify(value)}`);
  const inner = value[keys[0]];
  return inner === undefined || (typeof inner === "object" && Object.keys(inner).length === 0) ? keys[0] : `${keys[0]}.${toDottedPath(inner)}`;
}
