import type { PluginLists } from "@/lib/engine";

/**
 * What the definition calls out to: API plugins (method, URL, states, success and error actions) and webhook
 * plugins (method, URL, states). `plugins` is null when the stored version does not compile.
 */
export function PluginsSummary({ plugins }: { plugins: PluginLists | null }) {
  return (
    <section className="panel" aria-labelledby="plugins-heading">
      <h2 id="plugins-heading">Plugins</h2>
      {!plugins ? (
        <p className="hint">The plugins of this version could not be read: the version does not compile. Open its JSON to see why.</p>
      ) : plugins.api.length + plugins.webhook.length === 0 ? (
        <p className="hint">This definition calls no plugins.</p>
      ) : (
        <>
          <PluginGroup title="API plugins" kind="api" items={plugins.api} />
          <PluginGroup title="Webhook plugins" kind="webhook" items={plugins.webhook} />
        </>
      )}
    </section>
  );
}

function PluginGroup({ title, kind, items }: { title: string; kind: "api" | "webhook"; items: PluginLists["api"] }) {
  if (!items.length) return null;
  return (
    <>
      <h3>
        {title} ({items.length})
      </h3>
      <ul className="plugin-list" data-testid={`${kind}-plugins`}>
        {items.map((p) => (
          <li key={p.name}>
            <strong className="truncate" title={p.name}>
              {p.name}
            </strong>
            <span className="plugin-url">
              {p.method} {p.url}
            </span>
            <span className="hint">
              In {p.stateNames.join(", ") || "no state"}
              {kind === "api" && ` · success → ${p.successAction ?? "–"} · error → ${p.errorAction ?? "–"}`}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
