import Link from "next/link";
import { queueHref, type QueueParams } from "@/lib/queues/queue-params";

const MAX_TRAIL = 30;

/** The cursors of the pages before the current one (page 1 has no cursor). */
function trailOf(params: QueueParams): string[] {
  return params.trail ? params.trail.split("~").filter(Boolean) : [];
}

/**
 * Keyset pagination: "Next" carries the page's `nextCursor`, "Previous" pops the trail of earlier cursors kept
 * in the URL (the oldest are dropped past 30 pages, so Previous then lands on page 1). No total count.
 */
export function Pager({ filterId, params, nextCursor, shown, pageSize }: { filterId: string; params: QueueParams; nextCursor: string | null; shown: number; pageSize: number }) {
  const trail = trailOf(params);
  const pageIndex = params.cursor ? trail.length + 1 : 0;
  const from = pageIndex * pageSize + 1;
  const nextTrail = params.cursor ? [...trail, params.cursor].slice(-MAX_TRAIL) : [];
  const next = nextCursor ? queueHref(filterId, params, { cursor: nextCursor, trail: nextTrail.join("~") || undefined }) : null;
  const prev = params.cursor ? queueHref(filterId, params, { cursor: trail.at(-1), trail: trail.slice(0, -1).join("~") || undefined }) : null;
  return (
    <div className="pager">
      <span className="muted" aria-live="polite">
        {shown === 0 ? "No cases" : `Cases ${from}–${from + shown - 1}${nextCursor ? "" : " (last page)"}`}
      </span>
      <nav aria-label="Pages">
        {prev ? <Link href={prev} rel="prev">← Previous</Link> : <span className="disabled" aria-disabled="true">← Previous</span>}
        {next ? <Link href={next} rel="next">Next →</Link> : <span className="disabled" aria-disabled="true">Next →</span>}
      </nav>
    </div>
  );
}
