import type { SessionUser } from "@/lib/auth/session";
import { eventRefusals, type Eligibility } from "@/lib/review/four-eyes/eligibility";
import type { RuntimeView } from "@/lib/runtime/runtime-view";
import type { UserSummary } from "@/lib/users/list-users";
import { AssignmentPanel } from "./assignment-panel";
import { DecisionPanel } from "./decision-panel";
import { FourEyesPanel } from "./four-eyes-panel";
import { RepairPanel } from "./repair-panel";

/** Why the user may not decide (null when they may): deciding needs being the assignee; admins override. */
export function decisionBlocker(view: RuntimeView, user: SessionUser, assigneeName: string | null): string | null {
  if (view.assigneeId === user.id || user.role === "admin") return null;
  return view.assigneeId
    ? `Assigned to ${assigneeName ?? "another reviewer"}: only the assignee or an admin can decide this case.`
    : "Assign this case to yourself to decide it.";
}

/** The case's documents as the revision request lists them: id (or `#<index>`) and a label. */
function documentChoices(documents: unknown): { id: string; label: string }[] {
  const docs = Array.isArray(documents) ? (documents as Record<string, unknown>[]) : [];
  return docs.map((doc, i) => ({ id: typeof doc?.id === "string" ? doc.id : `#${i}`, label: `${i + 1}. ${String(doc?.category ?? "document")}${doc?.type ? ` / ${String(doc.type)}` : ""}` }));
}

/**
 * Manual review: assignment, the decision buttons for the events the current state accepts, and admins' repair. On
 * a four-eyes state (`view.review`) the votes so far and the viewer's `eligibility` replace the assignee rule.
 */
export function ReviewPanel({ view, user, users, states, eligibility = null }: { view: RuntimeView; user: SessionUser; users: UserSummary[]; states: string[]; eligibility?: Eligibility | null }) {
  const assignee = users.find((u) => u.id === view.assigneeId) ?? null;
  const active = view.status === "active";
  if (user.role === "auditor") {
    return (
      <section className="panel" aria-labelledby="review-heading">
        <h2 id="review-heading">Review</h2>
        <p className="hint">{assignee ? `Assigned to ${assignee.name}.` : "Not assigned."} Auditors see cases read-only.</p>
        {view.review && <FourEyesPanel review={view.review} eligibility={null} />}
      </section>
    );
  }
  return (
    <section className="panel" aria-labelledby="review-heading">
      <h2 id="review-heading">Review</h2>
      {active ? (
        <AssignmentPanel
          runtimeId={view.id}
          version={view.version}
          me={{ id: user.id, role: user.role }}
          assignee={assignee ? { id: assignee.id, name: assignee.name } : view.assigneeId ? { id: view.assigneeId, name: "an inactive user" } : null}
          users={users.filter((u) => u.active).map((u) => ({ id: u.id, name: u.name, role: u.role }))}
        />
      ) : (
        <p className="hint">{assignee ? `Was assigned to ${assignee.name}.` : "Was not assigned."}</p>
      )}
      {active && view.review && <FourEyesPanel review={view.review} eligibility={eligibility} />}
      {active && view.nextEvents.length > 0 && (
        <DecisionPanel
          runtimeId={view.id}
          version={view.version}
          nextEvents={view.nextEvents}
          blocked={view.review ? (eligibility?.decide ?? null) : decisionBlocker(view, user, assignee?.name ?? null)}
          refusals={view.review && eligibility ? eventRefusals(view.nextEvents, eligibility) : {}}
          documents={documentChoices(view.context.documents)}
        />
      )}
      {active && view.nextEvents.length === 0 && <p className="hint">No decision is possible while the case waits for a plugin.</p>}
      {!active && <p className="hint">The case is {view.status}; no further decisions.</p>}
      {active && user.role === "admin" && <RepairPanel runtimeId={view.id} version={view.version} states={states} current={view.state} />}
    </section>
  );
}
