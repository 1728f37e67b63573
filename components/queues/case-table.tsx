import Link from "next/link";
import type { QueueColumn } from "@/lib/queues/queue-columns";
import type { QueueRow } from "@/lib/queues/list-queue-cases";
import type { ApprovalProgress } from "@/lib/queues/queue-approvals";
import { SelectCase, SelectPage } from "./bulk/bulk-selection";
import { CaseCell } from "./case-cell";

/**
 * The cases of one queue page; the first column (the subject's name) links to the case. `now`: when rendered (ms);
 * `approvals`: the four-eyes progress of cases in a state with `meta.review`, by case id. `selectable`: a first
 * column of checkboxes for bulk actions (inside `BulkQueue`, whose selection they read).
 */
export function CaseTable({
  rows,
  columns,
  entityLabel,
  now,
  approvals,
  selectable = false,
}: {
  rows: QueueRow[];
  columns: QueueColumn[];
  entityLabel: string;
  now: number;
  approvals?: Map<string, ApprovalProgress>;
  selectable?: boolean;
}) {
  return (
    <div className="table-wrap">
      <table className="cases" data-testid="case-table">
        <caption className="sr-only">Cases</caption>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className="select-col">
                <SelectPage />
              </th>
            )}
            <th scope="col">{entityLabel}</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {selectable && (
                <td className="select-col">
                  <SelectCase id={row.id} name={row.name} />
                </td>
              )}
              <th scope="row" style={{ fontWeight: "normal" }}>
                <Link href={`/cases/${row.id}`} className="case-name truncate" title={row.name}>
                  {row.name}
                </Link>
                {row.entityId && (
                  <span className="sub" title={`Entity id ${row.entityId}`}>
                    {row.entityId}
                  </span>
                )}
              </th>
              {columns.map((c) => (
                <td key={c.key}>
                  <CaseCell column={c} row={row} now={now} approvals={approvals?.get(row.id)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
