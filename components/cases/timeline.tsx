import { Time } from "@/components/ui/time";
import type { NoteView } from "@/lib/notes";
import type { HistoryEntry } from "@/lib/runtime/history-view";
import { describeHistory, type TimelineItem } from "./describe-history";
import { JsonTree } from "./json-tree";

/** A note as a timeline item (after the history rows of the same instant). */
const noteItem = (note: NoteView): TimelineItem & { key: string } => ({
  key: `note-${note.id}`,
  id: 0,
  kind: "note",
  at: note.createdAt,
  actor: note.author.name,
  title: `Note: ${note.text.length > 300 ? `${note.text.slice(0, 300)}…` : note.text}`,
});

/** The case's history: transitions, plugin calls (redacted requests and responses), decisions, assignments, webhooks, notes. */
export function Timeline({ entries, truncated, nameOf, notes = [] }: { entries: HistoryEntry[]; truncated: boolean; nameOf: (id: string) => string; notes?: NoteView[] }) {
  const history = describeHistory(entries, nameOf).map((item) => ({ ...item, key: `h-${item.id}` }));
  // Notes older than the oldest history entry shown belong to the part left out.
  const since = truncated && history.length ? history[0].at : "";
  const items = [...history, ...notes.filter((n) => n.createdAt >= since).map(noteItem)].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return (
    <section className="panel" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      {items.length === 0 ? (
        <p className="hint">Nothing has happened yet.</p>
      ) : (
        <ol className="timeline" data-testid="timeline">
          {items.map((item) => (
            <li key={item.key} className={`k-${item.kind}${item.failed ? " fail" : ""}`}>
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
