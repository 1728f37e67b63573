type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Every state of a statechart as a dot path (`check`, `kyc.documents`), in definition order, for the Move picker.
 *
 * @example
 * statePaths({ states: { a: {}, b: { states: { c: {} } } } }) // ["a", "b", "b.c"]
 */
export function statePaths(statechart: unknown, prefix = ""): string[] {
  const states = isObject(statechart) && isObject(statechart.states) ? statechart.states : {};
  return Object.entries(states).flatMap(([name, node]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [path, ...statePaths(node, path)];
  });
}
