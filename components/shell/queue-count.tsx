import { COUNT_CAP } from "@/lib/queues/queue-counts";

/** The open-case count next to a queue name ("99+" past the cap). */
export function QueueCount({ value }: { value: { count: number; more: boolean } | null | undefined }) {
  if (!value) return null;
  const text = value.more ? `${COUNT_CAP}+` : String(value.count);
  return (
    <span className="nav-count" aria-label={`${text} open cases`}>
      {text}
    </span>
  );
}
