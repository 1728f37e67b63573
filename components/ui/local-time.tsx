"use client";

import { formatLocalTime, formatTime } from "./format-time";
import { useMounted } from "./use-clock";

/**
 * An instant as `<time>`: the server renders it in UTC (it does not know the reader's zone, and the first client
 * render must match it), then it switches to the browser's time zone once hydrated. Hovering shows the UTC instant.
 */
export function LocalTime({ iso, withSeconds = false }: { iso: string; withSeconds?: boolean }) {
  const mounted = useMounted();
  return (
    <time dateTime={iso} title={utcTitle(iso)}>
      {mounted ? formatLocalTime(iso, withSeconds) : formatTime(iso, withSeconds)}
    </time>
  );
}

/** The hover text: the exact UTC instant. */
export function utcTitle(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().replace("T", " ").replace(/\.\d+Z$/, "")} UTC`;
}
