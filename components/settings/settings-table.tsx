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

interface Props<T> {
  /** Accessible name of the table (a hidden caption), e.g. "API keys". */
  caption: string;
  /** `data-testid` of the table; each row gets `<testId without "-table">-row`, e.g. "api-key-table", "api-key-row". */
  testId: `${string}-table`;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Rows of revoked, paused or deactivated things are dimmed. */
  inactive?: (row: T) => boolean;
  /** The last column (its header is for screen readers only): the row's buttons. */
  actions: (row: T) => ReactNode;
  /** Why the server refused the last action, if it did. */
  problem: ApiProblem | null;
  /** Shown between the table and the problem, e.g. a status line. */
  children?: ReactNode;
}

/**
 * A settings list (API keys, secrets, subscriptions, deliveries, users): a table that scrolls inside its own
 * box, a row per thing with its actions last, and the server's refusal of an action below it.
 *
 * @example
 * <SettingsTable caption="Secrets" testId="secret-table" rows={secrets} rowKey={(s) => s.name} problem={remove.error}
 *   columns={[{ header: "Name", fill: true, className: "mono", cell: (s) => s.name }]} actions={(s) => <ConfirmButton … />} />
 */
export function SettingsTable<T>({ caption, testId, columns, rows, rowKey, inactive, actions, problem, children }: Props<T>) {
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
      {children}
      <FormProblem problem={problem} />
    </>
  );
}
