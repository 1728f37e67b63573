import Link from "next/link";
import { Time } from "@/components/ui/time";
import type { WorkloadRow } from "@/lib/queues/workload";
import "./workload.css";

/** Open cases per person: count (linked to the person's list), overdue count, oldest assignment, teams. */
export function WorkloadTable({ people, selected, linkable }: { people: WorkloadRow[]; selected: string | null; linkable: (userId: string) => boolean }) {
  return (
    <div className="table-wrap">
      <table className="list" data-testid="workload-table">
        <caption className="sr-only">Open cases per person</caption>
        <thead>
          <tr>
            <th scope="col" className="fill">Person</th>
            <th scope="col">Role</th>
            <th scope="col" className="fill">Teams</th>
            <th scope="col">Open cases</th>
            <th scope="col">Overdue</th>
            <th scope="col">Held longest since</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
