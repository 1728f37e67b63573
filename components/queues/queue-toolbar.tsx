"use client";

import { useRouter } from "next/navigation";
import { useRef, type FormEvent } from "react";
import type { UserSummary } from "@/lib/users/list-users";

interface Props {
  action: string;
  values: { q?: string; sort: string; assignee?: string; state?: string; status?: string; due?: string };
  states: string[];
  users: Pick<UserSummary, "id" | "name">[];
}

/** A select's option: its value and its label. */
type Option = [value: string, label: string];

const STATUSES: Option[] = [["", "Any status"], ["active", "Active"], ["completed", "Completed"], ["failed", "Failed"], ["canceled", "Canceled"]];
const SORTS: Option[] = [["created", "Newest first"], ["name", "Company name (A–Z)"], ["due", "Due date (soonest first)"]];
const DEADLINES: Option[] = [["", "Any deadline"], ["overdue", "Overdue"]];

/**
 * Search, sort and quick filters of a queue as a plain GET form (works without JavaScript); with JavaScript a
 * changed select applies at once. Changing any of them starts again from the first page.
 */
export function QueueToolbar({ action, values, states, users }: Props) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);

  function apply(event?: FormEvent) {
    event?.preventDefault();
    const data = new FormData(form.current!);
    const query = new URLSearchParams();
    for (const [key, value] of data.entries()) if (typeof value === "string" && value && !(key === "sort" && value === "created")) query.set(key, value);
    router.push(`${action}${query.size ? `?${query}` : ""}`);
  }

  return (
    <form ref={form} className="toolbar" method="get" action={action} onSubmit={apply} role="search" aria-label="Filter cases">
      <label>
        Search
        <input type="search" name="q" defaultValue={values.q} placeholder="Company, entity id or e-mail" maxLength={200} />
      </label>
      <QuickFilter label="Assignee" name="assignee" value={values.assignee ?? ""} onChange={apply} options={[["", "Anyone"], ["me", "Me"], ["unassigned", "Unassigned"], ...users.map((u): Option => [u.id, u.name])]} />
      <QuickFilter label="State" name="state" value={values.state ?? ""} onChange={apply} options={[["", "Any state"], ...states.map((s): Option => [s, s])]} />
      <QuickFilter label="Status" name="status" value={values.status ?? ""} onChange={apply} options={STATUSES} />
      <QuickFilter label="Deadline" name="due" value={values.due ?? ""} onChange={apply} options={DEADLINES} />
      <QuickFilter label="Sort by" name="sort" value={values.sort} onChange={apply} options={SORTS} />
      <button className="btn btn-secondary" type="submit">
        Search
      </button>
    </form>
  );
}

/** One labelled select of the toolbar; choosing an option applies the form at once. */
function QuickFilter({ label, name, value, options, onChange }: { label: string; name: string; value: string; options: Option[]; onChange: () => void }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value} onChange={() => onChange()}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
