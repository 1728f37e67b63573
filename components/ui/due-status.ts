/** Where a case stands against its review deadline: `warned` from `dueWarnAt`, `breached` from `dueAt`. */
export type DueStatus = "none" | "ok" | "warned" | "breached";

/**
 * The deadline's status at `now` (ms since the epoch).
 *
 * @example
 * dueStatus(Date.parse("2026-05-01T10:00:00Z"), "2026-05-01T12:00:00Z", "2026-05-01T09:00:00Z") // "warned"
 */
export function dueStatus(now: number, dueAt: string | null, dueWarnAt: string | null): DueStatus {
  if (!dueAt) return "none";
  if (now >= Date.parse(dueAt)) return "breached";
  return dueWarnAt && now >= Date.parse(dueWarnAt) ? "warned" : "ok";
}

const UNITS: [limitMs: number, unitMs: number, unit: string][] = [
  [60_000, 1_000, "s"],
  [3_600_000, 60_000, "min"],
  [48 * 3_600_000, 3_600_000, "h"],
  [Infinity, 86_400_000, "d"],
];

/**
 * The deadline relative to `now`: `in 3 h`, `in 45 s`, `2 d overdue`; whole units rounded down, at least 1, so
 * a deadline reads "overdue" from the instant it passes and never "in 0 s" or "0 s overdue".
 *
 * @example
 * relativeDue(Date.parse("2026-05-01T10:00:00Z"), "2026-05-03T10:00:00Z") // "in 2 d"
 * relativeDue(Date.parse("2026-05-01T10:00:00Z"), "2026-05-01T07:30:00Z") // "2 h overdue"
 */
export function relativeDue(now: number, dueAt: string): string {
  const diff = Date.parse(dueAt) - now;
  const span = Math.abs(diff);
  const [, unitMs, unit] = UNITS.find(([limit]) => span < limit)!;
  if (diff > 0) return `in ${Math.max(1, Math.floor(span / unitMs))} ${unit}`;
  return `${Math.max(1, Math.floor(span / unitMs))} ${unit} overdue`;
}
