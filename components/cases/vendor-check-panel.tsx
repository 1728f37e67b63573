import type { PluginConfig } from "@/lib/engine";
import { JsonTree } from "./json-tree";

type Json = Record<string, unknown>;

/**
 * The result of each API plugin (vendor check): `context.<plugin>` holds `{ status, httpStatus, error, data }`
 * and `context.pluginsOutput.<plugin>` the transformed response the rules read.
 */
export function VendorCheckPanel({ plugins, context }: { plugins: PluginConfig[]; context: Json }) {
  if (plugins.length === 0) return null;
  const outputs = (context.pluginsOutput ?? {}) as Json;
  return (
    <section className="panel" aria-labelledby="vendor-heading">
      <h2 id="vendor-heading">Vendor checks</h2>
      {plugins.map((p) => {
        const record = (context[p.name] ?? null) as { status?: string; httpStatus?: number; error?: string } | null;
        const output = outputs[p.name];
        const tone = record?.status === "success" ? "badge-ok" : record?.status === "error" ? "badge-danger" : "";
        return (
          <div key={p.name} data-testid={`vendor-${p.name}`}>
            <h3>
              {p.name}{" "}
              <span className={`badge ${tone}`}>{record?.status ?? "not called yet"}</span>
              {record?.httpStatus !== undefined && <span className="hint"> HTTP {record.httpStatus}</span>}
            </h3>
            {record?.error && <p className="error">{record.error}</p>}
            {output && typeof output === "object" ? (
              <dl className="fields">
                {Object.entries(output as Json).map(([k, v]) => (
                  <div key={k} style={{ display: "contents" }}>
                    <dt>{k}</dt>
                    <dd>{typeof v === "object" ? <JsonTree value={v} name={k} openDepth={0} /> : String(v)}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              record && <p className="hint">No output was stored.</p>
            )}
          </div>
        );
      })}
    </section>
  );
}
