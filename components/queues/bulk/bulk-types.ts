import type { BulkOperationView } from "@/lib/bulk/bulk-operation-view";
import type { UserSummary } from "@/lib/users/list-users";

export type { BulkOperationView };

/** A person a bulk assignment can give cases to. */
export interface Assignee {
  id: string;
  name: string;
}

/** The signed-in user, whose role decides the actions offered (the server checks them again). */
export interface BulkUser {
  id: string;
  role: UserSummary["role"];
}

/** The queue page's quick filters and search, which "all matching" covers. */
export interface QueueView {
  q?: string;
  assignee?: string;
  state?: string;
  status?: string;
  due?: string;
}

/** The view's URL query (empty values left out), as the count route reads it. */
export function viewQuery(view: QueueView): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) if (value) query.set(key, value);
  return query.toString();
}

/** One line saying what an operation does, e.g. "Assign to Sam Reviewer". */
export function describeAction(action: BulkOperationView["action"], assignees: Assignee[]): string {
  if (action.action === "send-event") return `Send the event “${action.name}”`;
  if (action.action === "cancel") return `Cancel (${action.reason})`;
  if (action.userId === null) return "Unassign";
  return `Assign to ${assignees.find((a) => a.id === action.userId)?.name ?? "another user"}`;
}
