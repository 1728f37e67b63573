/**
 * The JSON pointers a merge patch (RFC 7396) writes, its leaves, never their values: what a context patch's audit
 * row names. A `null` leaf (a removal) and an array (replaced whole) count as leaves; a patch that is not an
 * object writes the whole document, `/`.
 *
 * @example
 * patchedFields({ entity: { data: { "a/b": 1 } }, tags: null }) // ["/entity/data/a~1b", "/tags"]
 */
export function patchedFields(patch: unknown, prefix = ""): string[] {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) return [prefix || "/"];
  return Object.entries(patch).flatMap(([key, value]) => patchedFields(value, `${prefix}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`));
}
