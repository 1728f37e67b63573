import { LocalTime } from "./local-time";

export { formatTime } from "./format-time";

/** An instant in the reader's time zone (UTC until the page has mounted), the UTC instant on hover; `–` for none. */
export function Time({ iso, withSeconds }: { iso: string | null | undefined; withSeconds?: boolean }) {
  if (!iso) return <span className="muted">–</span>;
  return <LocalTime iso={iso} withSeconds={withSeconds} />;
}
