import { humanize } from "@/lib/queues/queue-columns";

type Json = Record<string, unknown>;

/** `{ a: { b: 1 } }` → `[["A · B", "1"]]`: one row per scalar, nested objects by path (two levels deep). */
function flatten(data: Json, prefix = "", depth = 0): [string, string][] {
  return Object.entries(data).flatMap(([k, v]): [string, string][] => {
    const label = prefix ? `${prefix} · ${humanize(k)}` : humanize(k);
    if (v && typeof v === "object" && !Array.isArray(v) && depth < 2) return flatten(v as Json, label, depth + 1);
    if (v === null || v === undefined || v === "") return [];
    return [[label, typeof v === "object" ? JSON.stringify(v) : String(v)]];
  });
}

/** The case's subject as given in `context.entity` (id, type and data). */
export function EntityPanel({ entity }: { entity: unknown }) {
  const e = (entity && typeof entity === "object" ? entity : {}) as Json;
  const data = (e.data && typeof e.data === "object" ? e.data : {}) as Json;
  const rows = flatten(data);
  return (
    <section className="panel" aria-labelledby="entity-heading">
      <h2 id="entity-heading">Entity</h2>
      <dl className="fields" data-testid="entity-fields">
        <dt>Entity id</dt>
        <dd>{String(e.id ?? "–")}</dd>
        <dt>Type</dt>
        <dd>{String(e.type ?? "–")}</dd>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
