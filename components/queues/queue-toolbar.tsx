"use client";

import { useRouter } from "next/navigation";
import { useRef, type FormEvent } from "react";
import type { UserSummary } from "@/lib/users/list-users";

interface Props {
  action: string;
  values: { q?: string; sort: string; assignee?: string; state?: string; status?: string };
  states: string[];
  users: Pick<UserSummary, "id" | "name">[];
}

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
      <label>
        Assignee
        <select name="assignee" defaultValue={values.assignee ?? ""} onChange={() => apply()}>
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="unassigned">Unassigned</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        State
        <select name="state" defaultValue={values.state ?? ""} onChange={() => apply()}>
          <option value="">Any state</option>
          {states.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select name="status" defaultValue={values.status ?? ""} onChange={() => apply()}>
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="completed">Completed</option>
          <option value="failed">Failed</option>
        </select>
      </label>
      <label>
        Sort by
        <select name="sort" defaultValue={values.sort} onChange={() => apply()}>
          <option value="created">Newest first</option>
          <option value="name">Company name (A–Z)</option>
        </select>
      </label>
      <button className="btn btn-secondary" type="submit">
        Search
      </button>
    </form>
  );
}
