/**
 * RFC 6901 JSON pointers for error paths: `toPointer(["context", "entity", "id"])` is "/context/entity/id",
 * `toPointer([])` is "" (the whole document). `~` and `/` inside a key are escaped as `~0` and `~1`.
 */
export function toPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => "/" + escapeSegment(String(segment))).join("");
}

/** Append one key to an existing pointer: `appendPointer("/query/where", "a/b")` is "/query/where/a~1b". */
export function appendPointer(pointer: string, key: PropertyKey): string {
  return `${pointer}/${escapeSegment(String(key))}`;
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
