import { Time } from "@/components/ui/time";
import type { HistoryEntry } from "@/lib/runtime/history-view";
import { describeHistory } from "./describe-history";
import { JsonTree } from "./json-tree";

/** The case's history: transitions, plugin calls (redacted requests and responses), decisions, assignments, webhooks. */
export function Timeline({ entries, truncated, nameOf }: { entries: HistoryEntry[]; truncated: boolean; nameOf: (id: string) => string }) {
  const items = describeHistory(entries, nameOf);
  return (
    <section className="panel" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      {items.length === 0 ? (
        <p className="hint">Nothing has happened yet.</p>
      ) : (
        <ol className="timeline" data-testid="timeline">
          {items.map((item) => (
            <li key={item.id} className={`k-${item.kind}${item.failed ? " fail" : ""}`}>
              <div className="when">
                <Time iso={item.at} withSeconds /> · {item.actor}
              </div>
              <div className="what">{item.title}</div>
              {item.details !== undefined && (
                <details>
                  <summary>Details</summary>
                  <JsonTree value={item.details} name="details" openDepth={2} />
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
      {truncated && <p className="hint">Only the latest {entries.length} entries are shown; the full history is at GET /api/v1/external/workflows/{"{id}"}/history.</p>}
    </section>
  );
}
