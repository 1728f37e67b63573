/** The longest delay a timer or a deadline may have: 400 days. */
export const MAX_DELAY_MS = 400 * 24 * 3_600_000;

const UNIT_MS = { W: 7 * 86_400_000, D: 86_400_000, H: 3_600_000, M: 60_000, S: 1_000 } as const;
const ISO = /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const CALENDAR = /^P(?:[\d.]+Y)?(?:[\d.]+M)?/;

/**
 * Parses a delay: an ISO 8601 duration of weeks, days, hours, minutes and seconds (`PT30S`, `PT48H`, `P14D`,
 * `P2W`, `P1DT12H`, `PT0.5S`) or a whole number of milliseconds (a number, or a string of digits). A day is
 * 24 hours. Years and months are refused: their length depends on the calendar. Answers the milliseconds, or
 * a message saying how to fix the value (unparsable, negative, over 400 days).
 *
 * @example
 * parseDuration("PT48H") // { ms: 172800000 }
 * parseDuration("P1M")   // { error: "… months and years have no fixed length; write days, e.g. 'P30D'" }
 */
export function parseDuration(value: unknown): { ms: number } | { error: string } {
  const ms = typeof value === "number" ? value : typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : isoMs(value);
  if (typeof ms === "string") return { error: ms };
  if (!Number.isFinite(ms) || !Number.isInteger(Math.round(ms))) return { error: `delay ${JSON.stringify(value)} is not a number of milliseconds` };
  if (ms < 0) return { error: `delay ${JSON.stringify(value)} is negative; a delay counts from when the state is entered, e.g. 'PT30S'` };
  if (ms > MAX_DELAY_MS) return { error: `delay ${JSON.stringify(value)} is over 400 days, the longest a timer may wait` };
  return { ms: Math.round(ms) };
}

function isoMs(value: unknown): number | string {
  const text = typeof value === "string" ? value : "";
  const match = ISO.exec(text);
  if (!match || text === "P" || text.endsWith("T")) {
    if (text.startsWith("-")) return `delay '${text}' is negative; a delay counts from when the state is entered, e.g. 'PT30S'`;
    const calendar = CALENDAR.exec(text)?.[0];
    if (calendar && calendar !== "P") return `delay '${text}' uses months or years, which have no fixed length; write days or weeks instead, e.g. 'P30D' or 'P4W'`;
    return `delay ${JSON.stringify(value)} is not an ISO 8601 duration or milliseconds; write e.g. 'PT30S', 'PT48H', 'P14D', 'P2W' or 30000`;
  }
  const [, w, d, h, m, s] = match;
  return [w, d, h, m, s].reduce((sum, n, i) => sum + (n ? Number(n) * Object.values(UNIT_MS)[i] : 0), 0);
}
