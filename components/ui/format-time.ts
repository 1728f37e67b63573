/** ISO 8601 time shown as `2026-05-01 10:00 UTC` (the same on server and browser, so no hydration drift). */
export function formatTime(iso: string | null | undefined, withSeconds = false): string {
  if (!iso) return "–";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const s = d.toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, withSeconds ? 19 : 16)} UTC`;
}

/**
 * The same instant in the browser's time zone, e.g. `2026-05-01 12:00 CEST` (the zone's short name as the
 * runtime spells it; `UTC` where the browser runs in UTC). Called after mount only: the server does not know
 * the reader's zone.
 */
export function formatLocalTime(iso: string, withSeconds = false, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: withSeconds ? "2-digit" : undefined,
    hourCycle: "h23",
    timeZoneName: "short",
  }).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const clock = `${part("hour")}:${part("minute")}${withSeconds ? `:${part("second")}` : ""}`;
  return `${part("year")}-${part("month")}-${part("day")} ${clock} ${part("timeZoneName")}`;
}
