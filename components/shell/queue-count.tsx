import { COUNT_CAP, type QueueCount as Counts } from "@/lib/queues/queue-counts";

/** The open-case count next to a queue name ("99+" past the cap), and a red overdue count when there are any. */
export function QueueCount({ value }: { value: Counts | null | undefined }) {
  if (!value) return null;
  const text = value.more ? `${COUNT_CAP}+` : String(value.count);
  const overdue = value.overdue > COUNT_CAP ? `${COUNT_CAP}+` : String(value.overdue);
  return (
    <>
      {value.overdue > 0 && (
        <span className="nav-count nav-overdue" data-testid="overdue-count" aria-label={`${overdue} overdue`} title={`${overdue} past their review deadline`}>
          {overdue}
        </span>
      )}
      <span className="nav-count" aria-label={`${text} open cases`}>
        {text}
      </span>
    </>
  );
}
