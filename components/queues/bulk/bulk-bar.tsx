"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ActionProblem } from "@/components/cases/action-problem";
import { ApiProblem, getJson, postJson } from "@/components/ui/api-client";
import { useBulkSelection } from "./bulk-selection";
import { viewQuery, type Assignee, type BulkOperationView, type BulkUser, type QueueView } from "./bulk-types";

type ActionName = "assign" | "send-event" | "cancel";

interface Props {
  filterId: string;
  view: QueueView;
  assignees: Assignee[];
  me: BulkUser;
  onStarted(operation: BulkOperationView): void;
}

const NOBODY = "__nobody__";

/**
 * The bar above a queue's table once cases are selected: how many, "select all N matching" (every page, with the
 * current quick filters and search), the action with what it needs (an assignee, an event name, a reason), and a
 * confirmation naming the number of cases. Reviewers are offered assignment only (to themselves, or release).
 */
export function BulkBar({ filterId, view, assignees, me, onStarted }: Props) {
  const id = useId();
  const selection = useBulkSelection();
  const admin = me.role === "admin";
  const [action, setAction] = useState<ActionName>("assign");
  const [assignee, setAssignee] = useState(admin ? "" : me.id);
  const [text, setText] = useState("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [sending, setSending] = useState(false);
  const pageSelected = !!selection && selection.pageIds.length > 0 && selection.pageIds.every((i) => selection.selected.has(i));
  const count = useQuery({
    queryKey: ["queue-count", filterId, viewQuery(view)],
    queryFn: () => getJson<{ count: number }>(`/api/backoffice/queues/${filterId}/count?${viewQuery(view)}`),
    enabled: pageSelected,
    staleTime: 30_000,
  });
  if (!selection || (selection.selected.size === 0 && !selection.allMatching)) return null;

  const n = selection.allMatching ? count.data?.count : selection.selected.size;
  const cases = n === undefined ? "all matching cases" : `${n.toLocaleString("en-US")} case${n === 1 ? "" : "s"}`;
  const target = assignee === NOBODY ? null : assignee;
  const ready = action === "assign" ? assignee !== "" : action === "send-event" ? text.trim() !== "" : reason.trim() !== "";
  const question =
    action === "assign"
      ? target === null
        ? `Unassign ${cases}?`
        : `Assign ${cases} to ${target === me.id ? "yourself" : assignees.find((a) => a.id === target)?.name ?? "this user"}?`
      : action === "send-event"
        ? `Send the event “${text.trim()}” to ${cases}?`
        : `Cancel ${cases}? Canceled cases cannot be resumed.`;

  async function start() {
    if (!selection) return;
    setSending(true);
    setProblem(null);
    const cases = selection.allMatching ? { matching: view } : { runtimeIds: [...selection.selected] };
    const body =
      action === "assign"
        ? { action, userId: target, ...(reason.trim() ? { reason: reason.trim() } : {}) }
        : action === "send-event"
          ? { action, name: text.trim() }
          : { action, reason: reason.trim() };
    try {
      onStarted(await postJson<BulkOperationView>(`/api/backoffice/queues/${filterId}/bulk`, { ...body, ...cases }));
      setConfirming(false);
    } catch (error) {
      setProblem(error instanceof ApiProblem ? error : new ApiProblem(0, "error", String(error)));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="bulk-bar" role="region" aria-label="Bulk actions" data-testid="bulk-bar">
      <div className="bulk-count">
        <strong data-testid="bulk-selected">{selection.allMatching ? (n === undefined ? "All cases matching this view selected" : `All ${cases} matching this view selected`) : `${cases} selected`}</strong>
        {pageSelected && !selection.allMatching && count.data && count.data.count > selection.pageIds.length && (
          <button type="button" className="link-button" onClick={() => selection.selectAllMatching()} data-testid="select-all-matching">
            Select all {count.data.count.toLocaleString("en-US")} matching cases
          </button>
        )}
        <button type="button" className="link-button" onClick={() => selection.clear()}>
          Clear selection
        </button>
      </div>
      {!confirming ? (
        <div className="actions bulk-form">
          <label>
            Action
            <select value={action} onChange={(e) => setAction(e.target.value as ActionName)} disabled={!admin} data-testid="bulk-action">
              <option value="assign">Assign to…</option>
              {admin && <option value="send-event">Send an event…</option>}
              {admin && <option value="cancel">Cancel cases…</option>}
            </select>
          </label>
          {action === "assign" && (
            <label>
              Assignee
              <select value={assignee} onChange={(e) => setAssignee(e.target.value)} data-testid="bulk-assignee">
                {admin && <option value="">Choose…</option>}
                <option value={me.id}>Me</option>
                {admin && assignees.filter((a) => a.id !== me.id).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
                <option value={NOBODY}>Nobody (unassign)</option>
              </select>
            </label>
          )}
          {action === "send-event" && (
            <label>
              Event
              <input type="text" value={text} maxLength={200} placeholder="e.g. approve" onChange={(e) => setText(e.target.value)} data-testid="bulk-event" />
            </label>
          )}
          {action !== "send-event" && (
            <label htmlFor={`${id}-reason`}>
              {action === "cancel" ? "Reason" : "Reason (for cases someone holds)"}
              <input id={`${id}-reason`} type="text" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} data-testid="bulk-reason" />
            </label>
          )}
          <button type="button" className="btn btn-small" disabled={!ready || n === undefined} onClick={() => setConfirming(true)} data-testid="bulk-apply">
            Apply…
          </button>
        </div>
      ) : (
        <div className="bulk-confirm" role="alertdialog" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`}>
            <strong>{question}</strong> It runs in the background; each case&apos;s own rules apply, and the cases refused are listed with the reason.
          </p>
          <div className="actions">
            <button type="button" className={`btn btn-small${action === "cancel" ? " btn-danger" : ""}`} disabled={sending} onClick={start} data-testid="bulk-confirm">
              {sending ? "Starting…" : "Confirm"}
            </button>
            <button type="button" className="btn btn-small btn-secondary" disabled={sending} onClick={() => setConfirming(false)}>
              Back
            </button>
          </div>
        </div>
      )}
      <ActionProblem problem={problem} />
    </div>
  );
}
