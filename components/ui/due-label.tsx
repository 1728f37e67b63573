"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { dueStatus, relativeDue, type DueStatus } from "./due-status";
import { utcTitle } from "./local-time";
import { useNow } from "./use-clock";

interface Props {
  dueAt: string | null;
  dueWarnAt: string | null;
  /** When the server rendered the page (ms): the first render uses it, then the browser's clock takes over. */
  now: number;
  /**
   * Reload the page's server data once the deadline passes while it is shown (a queue: the sidebar's overdue
   * counts follow). Not on the case page, where nothing should shift under a reviewer.
   */
  refreshOnBreach?: boolean;
}

/**
 * A review deadline relative to now ("in 3 h", "2 d overdue"), amber once its warning is due and red once
 * breached, kept current every second.
 */
export function DueLabel({ dueAt, dueWarnAt, now, refreshOnBreach = false }: Props) {
  const current = useNow(now);
  const status = dueStatus(current, dueAt, dueWarnAt);
  useBreachRefresh(status, refreshOnBreach);
  if (!dueAt) return <span className="muted">–</span>;
  const hint = status === "breached" ? "deadline passed" : status === "warned" ? "deadline near" : "due";
  return (
    <time className={`due due-${status}`} data-due={status} dateTime={dueAt} title={`Due ${utcTitle(dueAt)}${dueWarnAt ? `, warning from ${utcTitle(dueWarnAt)}` : ""}`}>
      {relativeDue(current, dueAt)}
      <span className="sr-only"> ({hint})</span>
    </time>
  );
}

// One refresh for every deadline that passes within the same few seconds, a second after the first (so a browser
// clock slightly ahead of the database's does not ask before the server counts the case overdue).
const REFRESH_GAP_MS = 5_000;
const REFRESH_DELAY_MS = 1_000;
let refreshAt = 0;

function useBreachRefresh(status: DueStatus, enabled: boolean): void {
  const router = useRouter();
  const previous = useRef(status);
  useEffect(() => {
    const crossed = previous.current !== "breached" && status === "breached";
    previous.current = status;
    if (!enabled || !crossed || Date.now() < refreshAt) return;
    refreshAt = Date.now() + REFRESH_GAP_MS;
    setTimeout(() => router.refresh(), REFRESH_DELAY_MS);
  }, [status, enabled, router]);
}
