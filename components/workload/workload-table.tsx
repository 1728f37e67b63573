import Link from "next/link";
import { ListTable, type Heading } from "@/components/ui/list-table";
import { Time } from "@/components/ui/time";
import type { WorkloadRow } from "@/lib/queues/workload";
import "./workload.css";

const HEADINGS: Heading[] = [{ label: "Person", fill: true }, "Role", { label: "Teams", fill: true }, "Open cases", "Overdue", "Held longest since"];

/** Open cases per person: count (linked to the person's list), overdue count, oldest assignment, teams. */
export function WorkloadTable({ people, selected, linkable }: { people: WorkloadRow[]; selected: string | null; linkable: (userId: string) => boolean }) {
  return (
    <ListTable className="list" caption="Open cases per person" testId="workload-table" headings={HEADINGS} rows={people}>
      {(p) => (
        <tr key={p.userId} data-testid="workload-row" data-user={p.email} aria-current={p.userId === selected ? "true" : undefined}>
          <th scope="row" className="fill">
            {p.name}
            <div className="muted workload-email">{p.email}</div>
            {!p.active && <span className="badge badge-danger">inactive</span>}
          </th>
          <td>{p.role}</td>
          <td className="fill">{p.teams.length ? p.teams.join(", ") : <span className="muted">–</span>}</td>
          <td data-testid="workload-open">{p.open > 0 && linkable(p.userId) ? <Link href={`/workload?user=${p.userId}`}>{p.open}</Link> : p.open}</td>
          <td data-testid="workload-overdue">{p.overdue > 0 ? <span className="badge badge-danger">{p.overdue}</span> : 0}</td>
          <td>
            <Time iso={p.oldestAssignedAt} />
          </td>
        </tr>
      )}
    </ListTable>
  );
}
