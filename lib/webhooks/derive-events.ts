import { isDeepStrictEqual } from "node:util";
import type { WorkflowRuntime } from "../db/schema";
import { documentChanges, type DocumentChange } from "./document-changes";
import type { CaseAction, DerivedEvent, RuntimeStepChange } from "./step-events";

const DECIDED_OUTCOMES = new Set(["approved", "rejected", "auto_approved", "auto_rejected"]);

/**
 * The system events one persisted step emits, in delivery order (their sequence numbers follow this order):
 *
 * - creation: `workflow.state.changed` (previousState null), and the completion events if the runtime was
 *   created in a final state;
 * - `workflow.state.changed` when the state value changed (a re-entry of the same state is not a change);
 * - `workflow.context.changed` when the context changed;
 * - `workflow.context.document.updated` when the case is still active and its state or context changed, with the
 *   documents added, replaced or deleted as `documentChanges`;
 * - `workflow.context.document.completed` when the step completed the case as approved or rejected
 *   (`workflowFinalState` approved, rejected, auto_approved or auto_rejected);
 * - `workflow.completed` when the step entered a final state;
 * - `workflow.canceled` when the step canceled the runtime.
 *
 * @example deriveEvents({ before: inManualReview, after: approved, result, eventName: "approve" })
 * // [{ eventName: "workflow.state.changed" }, { eventName: "workflow.context.document.completed" }, { eventName: "workflow.completed" }]
 */
export function deriveEvents(change: RuntimeStepChange): DerivedEvent[] {
  const { before, after, result } = change;
  const events: DerivedEvent[] = [];
  const stateChanged = before === null || before.state !== after.state;
  const contextChanged = before !== null && result.contextChanged && !isDeepStrictEqual(before.context, after.context);
  if (stateChanged) events.push({ eventName: "workflow.state.changed" });
  if (contextChanged) events.push({ eventName: "workflow.context.changed" });
  if (before !== null && after.status === "active" && (stateChanged || contextChanged)) {
    const changed = contextChanged ? documentChanges(before.context, after.context) : [];
    events.push({
      eventName: "workflow.context.document.updated",
      actions: caseActions(change, before, stateChanged, contextChanged, changed),
      ...(changed.length ? { documentChanges: changed } : {}),
    });
  }
  if (result.completed) {
    if (after.workflowFinalState && DECIDED_OUTCOMES.has(after.workflowFinalState)) events.push({ eventName: "workflow.context.document.completed" });
    events.push({ eventName: "workflow.completed" });
  }
  if (before !== null && before.status !== "canceled" && after.status === "canceled") events.push({ eventName: "workflow.canceled" });
  return events;
}

function caseActions(change: RuntimeStepChange, before: WorkflowRuntime, stateChanged: boolean, contextChanged: boolean, documents: DocumentChange[]): CaseAction[] {
  const { after, result } = change;
  const actions: CaseAction[] = [];
  for (const kind of ["added", "replaced", "deleted"] as const) if (documents.some((d) => d.change === kind)) actions.push(`document_${kind}`);
  if (contextChanged && !isDeepStrictEqual(before.context.pluginsOutput, after.context.pluginsOutput)) actions.push("vendor_check_stored");
  if (contextChanged && decisionChanged(before, after, documents)) actions.push("document_decision");
  if (stateChanged && (after.tags.includes("manual_review") || (after.manualReviewReason !== null && after.manualReviewReason !== before.manualReviewReason))) {
    actions.push("moved_to_manual_review");
  }
  if (stateChanged && (after.tags.includes("revision") || change.eventName === "revision")) actions.push("revision_requested");
  if (result.effects.some((e) => e.kind === "api_plugin")) actions.push("awaiting_third_party_data");
  if (actions.length === 0) actions.push(stateChanged ? "state_changed" : "context_changed");
  return actions;
}

/** Whether a document kept through the step (not added, replaced or deleted by it) got another decision. */
function decisionChanged(before: WorkflowRuntime, after: WorkflowRuntime, documents: DocumentChange[]): boolean {
  const earlier = documentDecisions(before);
  const changed = new Set(documents.map((d) => d.documentId));
  return Object.entries(documentDecisions(after)).some(([id, decision]) => id in earlier && !changed.has(id) && !isDeepStrictEqual(earlier[id], decision));
}

/** `documents[].decision` keyed by document id (or position when a document has no id). */
function documentDecisions(runtime: WorkflowRuntime): Record<string, unknown> {
  const docs = Array.isArray(runtime.context.documents) ? (runtime.context.documents as Array<Record<string, unknown> | null>) : [];
  return Object.fromEntries(docs.map((d, i) => [typeof d?.id === "string" ? d.id : `#${i}`, d?.decision ?? null]));
}
