"use client";

import type { ReactNode } from "react";
import type { ApiProblem } from "@/components/ui/api-client";
import { FormProblem } from "./form-problem";

/** One column of a settings table. The first column heads its row (`<th scope="row">`). */
export interface Column<T> {
  header: string;
  /** The column takes the free width (class `fill` on the header and the cells). */
  fill?: boolean;
  /** Further classes of the cells, e.g. "mono". */
  className?: string;
  /** Tooltip of a cell, e.g. the full URL. */
  title?: (row: T) => string | undefined;
  cell: (row: T) => ReactNode;
}

/** What a settings table shows of each thing: written once per kind of thing, beside its component. */
export type TableSpec<T> = SpecOf<T> & (T extends { id: string } ? { rowKey?: (row: T) => string } : { rowKey: (row: T) => string });

interface SpecOf<T> {
  /** Accessible name of the table (a hidden caption), e.g. "API keys". */
  caption: string;
  /** `data-testid` of the table; each row gets `<testId without "-table">-row`, e.g. "api-key-table", "api-key-row". */
  testId: `${string}-table`;
  /** The row's React key: its `id` unless `rowKey` says otherwise (required for rows without an `id`). */
  rowKey?: (row: T) => string;
  /** Rows of revoked, paused or deactivated things are dimmed. */
  inactive?: (row: T) => boolean;
  columns: Column<T>[];
}

interface Props<T> {
  spec: TableSpec<T>;
  rows: T[];
  /** Why the server refused the last action, if it did. */
  problem: ApiProblem | null;
  /** Shown between the table and the problem, e.g. a status line. */
  footer?: ReactNode;
  /** The last column (its header is for screen readers only): the row's buttons. */
  children: (row: T) => ReactNode;
}

const byId = (row: unknown) => (row as { id: string }).id; // TableSpec requires rowKey for rows without an id

/**
 * A settings list (API keys, secrets, subscriptions, deliveries, users): a table that scrolls inside its own
 * box, a row per thing with its actions last, and the server's refusal of an action below it.
 *
 * @example
 * const SPEC: TableSpec<SecretInfo> = { caption: "Secrets", testId: "secret-table", rowKey: (s) => s.name, columns: [{ header: "Name", fill: true, cell: (s) => s.name }] };
 * <SettingsTable spec={SPEC} rows={secrets} problem={remove.error}>
 *   {(s) => <ConfirmButton label="Delete" question={`Delete ${s.name}?`} action={remove.on(s.name)} />}
 * </SettingsTable>
 */
export function SettingsTable<T>({ spec, rows, problem, footer, children: actions }: Props<T>) {
  const { caption, testId, columns, rowKey = byId, inactive } = spec;
  const rowTestId = testId.replace(/-table$/, "-row");
  const cellClass = (c: Column<T>) => [c.className, c.fill && "fill"].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <div className="table-wrap">
        <table className="list" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={c.fill ? "fill" : undefined}>
                  {c.header}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={inactive?.(row) ? "inactive" : undefined} data-testid={rowTestId}>
                {columns.map((c, i) => {
                  const props = { className: cellClass(c), title: c.title?.(row) };
                  return i === 0 ? (
                    <th key={c.header} scope="row" {...props}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.header} {...props}>
                      {c.cell(row)}
                    </td>
                  );
                })}
                <td>{actions(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {footer}
      <FormProblem problem={problem} />
    </>
  );
}
