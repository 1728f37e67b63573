import Link from "next/link";
import type { QueueColumn } from "@/lib/queues/queue-columns";
import type { QueueRow } from "@/lib/queues/list-queue-cases";
import type { ApprovalProgress } from "@/lib/queues/queue-approvals";
import { CaseCell } from "./case-cell";

/**
 * The cases of one queue page; the first column (the subject's name) links to the case. `now`: when rendered (ms);
 * `approvals`: the four-eyes progress of cases in a state with `meta.review`, by case id.
 */
export function CaseTable({ rows, columns, entityLabel, now, approvals }: { rows: QueueRow[]; columns: QueueColumn[]; entityLabel: string; now: number; approvals?: Map<string, ApprovalProgress> }) {
  return (
    <div className="table-wrap">
      <table className="cases" data-testid="case-table">
        <caption className="sr-only">Cases</caption>
        <thead>
          <tr>
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
