"use client";

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

/** What is selected on a queue page: some of its cases, or every case the queue shows (all pages). */
export interface BulkSelection {
  pageIds: string[];
  selected: ReadonlySet<string>;
  /** Every case matching the queue and its current quick filters and search, on all pages. */
  allMatching: boolean;
  toggle(id: string): void;
  togglePage(): void;
  selectAllMatching(): void;
  clear(): void;
}

const Context = createContext<BulkSelection | null>(null);

/** Holds the queue page's selection for its checkboxes (`SelectCase`, `SelectPage`) and the bulk bar. */
export function BulkSelectionProvider({ pageIds, children }: { pageIds: string[]; children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const value = useMemo<BulkSelection>(() => {
    const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
    return {
      pageIds,
      selected,
      allMatching,
      toggle(id) {
        setAllMatching(false);
        setSelected((s) => {
          const next = new Set(s);
          if (!next.delete(id)) next.add(id);
          return next;
        });
      },
      togglePage() {
        setAllMatching(false);
        setSelected(pageSelected ? new Set() : new Set(pageIds));
      },
      selectAllMatching() {
        setSelected(new Set(pageIds));
        setAllMatching(true);
      },
      clear() {
        setSelected(new Set());
        setAllMatching(false);
      },
    };
  }, [pageIds, selected, allMatching]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The selection of the enclosing `BulkSelectionProvider` (null outside one: the table then has no checkboxes). */
export function useBulkSelection(): BulkSelection | null {
  return useContext(Context);
}

/** The checkbox of one case's row. */
export function SelectCase({ id, name }: { id: string; name: string }) {
  const selection = useBulkSelection();
  if (!selection) return null;
  return <input type="checkbox" checked={selection.allMatching || selection.selected.has(id)} onChange={() => selection.toggle(id)} aria-label={`Select ${name}`} data-testid="select-case" />;
}

/** The header checkbox: every case of this page. */
export function SelectPage() {
  const selection = useBulkSelection();
  if (!selection) return null;
  const all = selection.pageIds.length > 0 && selection.pageIds.every((id) => selection.selected.has(id));
  const some = !all && selection.pageIds.some((id) => selection.selected.has(id));
  return (
    <input
      type="checkbox"
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = some;
      }}
      onChange={() => selection.togglePage()}
      aria-label="Select every case on this page"
      data-testid="select-page"
    />
  );
}
