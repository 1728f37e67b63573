import type { ReactNode } from "react";

/** A column's heading: its text, and whether the column takes the free width (class `fill`). */
export type Heading = string | { label: string; fill: true };

interface Props<T> {
  /** The table's class: `list` (a list of things) or `cases` (the denser case rows). */
  className: "list" | "cases";
  /** Accessible name of the table (a hidden caption), when the heading above it does not name it. */
  caption?: string;
  testId?: string;
  headings: Heading[];
  rows: T[];
  /** One `<tr>` with its key; a cell that names the row is a `<th scope="row">`. */
  children: (row: T) => ReactNode;
}

/**
 * A read-only table of things that scrolls inside its own box: the column headings, then a row per thing,
 * rendered by the caller. (Settings lists, with actions per row, are `SettingsTable`.)
 *
 * @example
 * <ListTable className="list" caption="Open cases per person" headings={[{ label: "Person", fill: true }, "Role"]} rows={people}>
 *   {(p) => <tr key={p.userId}><th scope="row" className="fill">{p.name}</th><td>{p.role}</td></tr>}
 * </ListTable>
 */
export function ListTable<T>({ className, caption, testId, headings, rows, children: row }: Props<T>) {
  return (
    <div className="table-wrap">
      <table className={className} data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {headings.map((h) =>
              typeof h === "string" ? (
                <th key={h} scope="col">
                  {h}
                </th>
              ) : (
                <th key={h.label} scope="col" className="fill">
                  {h.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}
