/** ISO 8601 time shown as `2026-05-01 10:00 UTC` (the same on server and browser, so no hydration drift). */
export function formatTime(iso: string | null | undefined, withSeconds = false): string {
  if (!iso) return "–";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const s = d.toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, withSeconds ? 19 : 16)} UTC`;
}

export function Time({ iso, withSeconds }: { iso: string | null | undefined; withSeconds?: boolean }) {
  if (!iso) return <span className="muted">–</span>;
  return (
    <time dateTime={iso} title={iso}>
      {formatTime(iso, withSeconds)}
    </time>
  );
}
