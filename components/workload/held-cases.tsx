import Link from "next/link";
import { DueLabel } from "@/components/ui/due-label";
import { ListTable } from "@/components/ui/list-table";
import { StateBadge } from "@/components/ui/state-badge";
import { Time } from "@/components/ui/time";
import type { HeldCase } from "@/lib/queues/open-cases-of";
import "./workload.css";

/** One person's open cases, soonest deadline first, each linked to its case page. */
export function HeldCases({ name, cases, limit, now }: { name: string; cases: HeldCase[]; limit: number; now: number }) {
  return (
    <section className="panel held-cases" aria-labelledby="held-heading" data-testid="held-cases">
      <h2 id="held-heading">Open cases of {name}</h2>
      {cases.length === 0 ? (
        <p className="hint">No open cases.</p>
      ) : (
        <ListTable className="list" headings={[{ label: "Case", fill: true }, "State", "Workflow", "Assigned", "Due"]} rows={cases}>
          {(c) => (
            <tr key={c.id}>
              <th scope="row" className="fill">
                <Link href={`/cases/${c.id}`}>{c.name}</Link>
              </th>
              <td>
                <StateBadge state={c.state} />
              </td>
              <td className="mono">{c.workflowId}</td>
              <td>
                <Time iso={c.assignedAt} />
              </td>
              <td>
                <DueLabel dueAt={c.dueAt} dueWarnAt={c.dueWarnAt} now={now} />
              </td>
            </tr>
          )}
        </ListTable>
      )}
      {cases.length >= limit && <p className="hint">The {limit} with the soonest deadlines are shown.</p>}
    </section>
  );
}
