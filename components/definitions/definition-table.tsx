import Link from "next/link";
import { ListTable } from "@/components/ui/list-table";
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
    <ListTable
      className="list"
      caption="Workflow definitions, latest version of each"
      testId="definition-table"
      headings={[{ label: "Name", fill: true }, { label: "Id", fill: true }, "Latest version", "Saved"]}
      rows={rows}
    >
      {(d) => (
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
      )}
    </ListTable>
  );
}
