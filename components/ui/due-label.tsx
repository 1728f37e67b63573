"use client";

import { dueStatus, relativeDue } from "./due-status";
import { utcTitle } from "./local-time";
import { useNow } from "./use-clock";

/**
 * A review deadline relative to now ("in 3 h", "2 d overdue"), amber once its warning is due and red once
 * breached, kept current every second. Until hydrated it uses `now`, the time the server rendered the page.
 */
export function DueLabel({ dueAt, dueWarnAt, now }: { dueAt: string | null; dueWarnAt: string | null; now: number }) {
  const current = useNow(now);
  if (!dueAt) return <span className="muted">–</span>;
  const status = dueStatus(current, dueAt, dueWarnAt);
  const hint = status === "breached" ? "deadline passed" : status === "warned" ? "deadline near" : "due";
  return (
    <time className={`due due-${status}`} data-due={status} dateTime={dueAt} title={`Due ${utcTitle(dueAt)}${dueWarnAt ? `, warning from ${utcTitle(dueWarnAt)}` : ""}`}>
      {relativeDue(current, dueAt)}
      <span className="sr-only"> ({hint})</span>
    </time>
  );
}
