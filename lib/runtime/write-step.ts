import type { TransitionResult } from "../engine";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { fromRow } from "../db/raw-sql";
import { workflowRuntimes, type WebhookSubscription, type WorkflowRuntime } from "../db/schema";
import type { DerivedEvent } from "../webhooks/step-events";
import { enqueueSystemEvents } from "../webhooks/system-events";
import { subscriptionsFrom } from "./sql/applicable-subscriptions";
import { stepStatement, type StepStatementParts } from "./sql/step-statement";

/** What the system webhook layer needs of one runtime's step besides the row the statement writes. */
export interface StepChange {
  /** The row before the step; null when the step creates the runtime. */
  before: WorkflowRuntime | null;
  result: TransitionResult;
  eventName: string | null;
  /** `deriveEvents` of the step, counted into `event_seq` by the runtime write. */
  events: DerivedEvent[];
  definitionConfig: unknown;
  /** Subscriptions that apply besides those the statement read (a new runtime's own, from its run config). */
  moreSubscriptions?: (tx: Db, runtime: WorkflowRuntime) => Promise<WebhookSubscription[]>;
  /** The scope whose request id and trace the step's webhook deliveries carry (`RuntimeStep.inScope`); default the caller's. */
  inScope?: <R>(fn: () => R) => R;
}

export interface StepsWrite extends StepStatementParts {
  /** The change of each runtime the runtime write may write, by runtime id. */
  changes: Map<string, StepChange>;
}

/**
 * Write the steps of one or more runtimes inside the caller's transaction: the one statement of `stepStatement`,
 * then each written runtime's system webhook events (deliveries and their jobs, only when somebody subscribes).
 * Returns the written rows by runtime id; a runtime the runtime write wrote no row for is missing.
 */
export async function writeSteps(tx: Db, w: StepsWrite): Promise<Map<string, WorkflowRuntime>> {
  const written = new Map<string, WorkflowRuntime>();
  for (const raw of rowsOf<Record<string, unknown>>(await tx.execute(stepStatement(w)))) {
    const change = w.changes.get(raw.id as string)!;
    // The statement does not answer the context: it is the one the step wrote (`runtimeReturning`).
    raw.context = change.result.snapshot.context;
    const runtime = fromRow(workflowRuntimes, raw);
    written.set(runtime.id, runtime);
    const applicable = subscriptionsFrom(raw.applicable_subscriptions);
    if (change.moreSubscriptions) applicable.push(...(await change.moreSubscriptions(tx, runtime)));
    const enqueue = () =>
      enqueueSystemEvents(
        tx,
        { before: change.before, after: runtime, result: change.result, eventName: change.eventName },
        { events: change.events, lastSequence: runtime.eventSeq, applicable, definitionConfig: change.definitionConfig },
      );
    await (change.inScope ? change.inScope(enqueue) : enqueue());
  }
  return written;
}
