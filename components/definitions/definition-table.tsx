import Link from "next/link";
import { Time } from "@/components/ui/time";
import { Truncate } from "@/components/ui/truncate";

export interface DefinitionRow {
  id: string;
  name: string;
  version: number;
  createdAt: string;
}

/** The latest version of each definition: name (linked), id, version and when that version was saved. */
export function DefinitionTable({ rows }: { rows: DefinitionRow[] }) {
  return (
    <div className="table-wrap">
      <table className="list" data-testid="definition-table">
        <caption className="sr-only">Workflow definitions, latest version of each</caption>
        <thead>
          <tr>
            <th scope="col" className="fill">Name</th>
            <th scope="col" className="fill">Id</th>
            <th scope="col">Latest version</th>
            <th scope="col">Saved</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id}>
              <th scope="row" className="fill">
                <Link href={`/workflows/${encodeURIComponent(d.id)}`} title={d.name}>
                  {d.name}
                </Link>
              </th>
              <td className="mono fill">
                <Truncate text={d.id} />
              </td>
              <td>v{d.version}</td>
              <td>
                <Time iso={d.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
