// The shapes a step's system events are derived from and described by, shared by `derive-events.ts`,
// `build-payload.ts` and `system-events.ts`.
import type { WorkflowRuntime } from "../db/schema";
import type { TransitionResult } from "../engine";
import type { DocumentChange } from "./document-changes";
import type { DeliveredEventName } from "./event-names";

/** One persisted step of a runtime, as seen by the system webhook layer. */
export interface RuntimeStepChange {
  /** The row before the step; null when the runtime was just created. */
  before: WorkflowRuntime | null;
  after: WorkflowRuntime;
  result: TransitionResult;
  /** The event that caused the step (`start`, a plugin's successAction, `approve`, …); null at creation. */
  eventName: string | null;
}

/** A person whose approval decided the case: id and display name, nothing more. */
export interface Approver {
  id: string;
  name: string;
}

/**
 * What happened on an active case, carried as `actions` by `workflow.context.document.updated` so receivers
 * need not diff contexts. A step may do several things at once (a vendor check that moves the case to
 * manual review is `["vendor_check_stored", "moved_to_manual_review"]`).
 */
export type CaseAction =
  | "awaiting_third_party_data"
  | "vendor_check_stored"
  | "moved_to_manual_review"
  | "revision_requested"
  | "document_decision"
  | "state_changed"
  | "context_changed"
  | "document_added"
  | "document_replaced"
  | "document_deleted";

export interface DerivedEvent {
  eventName: DeliveredEventName;
  actions?: CaseAction[];
  /** The documents the step added, replaced or deleted (on `workflow.context.document.updated`, when any). */
  documentChanges?: DocumentChange[];
  /** Who approved the decision that completed the case (on the completion events of a reviewer's approval). */
  approvers?: Approver[];
}
