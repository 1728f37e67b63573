const MAX_ENTRIES = 200;
const MAX_DEPTH = 12;

/**
 * A collapsible JSON tree made of `<details>` (keyboard and screen-reader friendly with no script). Levels
 * above `openDepth` start open; long arrays/objects show their first 200 entries.
 */
export function JsonTree({ value, name = "context", openDepth = 1 }: { value: unknown; name?: string; openDepth?: number }) {
  return (
    <div className="json-tree">
      <JsonNode name={name} value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}

function JsonNode({ name, value, depth, openDepth }: { name: string; value: unknown; depth: number; openDepth: number }) {
  if (value === null || typeof value !== "object") {
    return (
      <div className="leaf">
        <span className="k">{name}</span>: <Scalar value={value} />
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const size = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  if (depth >= MAX_DEPTH) {
    return (
      <div className="leaf">
        <span className="k">{name}</span>: <span className="muted">{size} (too deep to show)</span>
      </div>
    );
  }
  return (
    <details open={depth < openDepth}>
      <summary>
        <span className="k">{name}</span> <span className="muted">{size}</span>
      </summary>
      {entries.slice(0, MAX_ENTRIES).map(([k, v]) => (
        <JsonNode key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />
      ))}
      {entries.length > MAX_ENTRIES && <div className="muted">… {entries.length - MAX_ENTRIES} more</div>}
    </details>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === "string") return <span className="s">&quot;{value.length > 2000 ? `${value.slice(0, 2000)}…` : value}&quot;</span>;
  if (typeof value === "number" || typeof value === "boolean") return <span className="n">{String(value)}</span>;
  return <span className="muted">{value === null ? "null" : String(value)}</span>;
}
