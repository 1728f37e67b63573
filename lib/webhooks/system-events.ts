import type { TransitionResult } from "../engine";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";

/** One persisted step of a runtime, as seen by the system webhook layer. */
export interface RuntimeStepChange {
  /** The row before the step; null when the runtime was just created. */
  before: WorkflowRuntime | null;
  after: WorkflowRuntime;
  result: TransitionResult;
  /** The event that caused the step (`start`, a plugin's successAction, `approve`, …); null at creation. */
  eventName: string | null;
}

/**
 * Write the system webhook events a step causes (state changed, context changed, completed, document events)
 * to the outbox, inside the step's transaction. Not implemented yet: system webhooks are the next issue.
 */
export async function enqueueSystemEvents(tx: Db, change: RuntimeStepChange): Promise<void> {
  void tx;
  void change;
}
