import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";

interface Props {
  /** Prefix of the heading's id, e.g. "keys". */
  id: string;
  /** The heading, e.g. "API keys (3)". */
  title: string;
  /** How many things the list shows; with none, the empty state is shown instead of the list. */
  count: number;
  empty: { title: string; hint: ReactNode };
  /** A line under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/** A titled list on a settings page: the table of things, or an empty state that says how to add the first. */
export function SettingsList({ id, title, count, empty, intro, children }: Props) {
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {intro}
      {count ? children : <EmptyState title={empty.title}>{empty.hint}</EmptyState>}
    </section>
  );
}
