import { sql, type SQL } from "drizzle-orm";
import type { TransitionResult } from "../engine";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { fromRow } from "../db/raw-sql";
import { workflowRuntimes, type WebhookSubscription, type WorkflowRuntime } from "../db/schema";
import type { DerivedEvent } from "../webhooks/derive-events";
import { enqueueSystemEvents } from "../webhooks/system-events";
import { subscriptionsFrom } from "./sql/applicable-subscriptions";
import { stepStatement, type StepStatementParts } from "./sql/step-statement";

export interface StepWrite extends StepStatementParts {
  /** The row before the step; null when the step creates the runtime. */
  before: WorkflowRuntime | null;
  result: TransitionResult;
  eventName: string | null;
  /** `deriveEvents` of the step, counted into `event_seq` by the runtime write. */
  events: DerivedEvent[];
  definitionConfig: unknown;
  /** Subscriptions that apply besides those the statement read (a new runtime's own, from its run config). */
  moreSubscriptions?: (tx: Db, runtime: WorkflowRuntime) => Promise<WebhookSubscription[]>;
}

/**
 * Write a step inside the caller's transaction: the one statement of `stepStatement`, then the step's system
 * webhook events (deliveries and their jobs, only when somebody subscribes). Returns the written row, or null
 * when the runtime write wrote none.
 */
export async function writeStep(tx: Db, w: StepWrite): Promise<WorkflowRuntime | null> {
  const [raw] = rowsOf<Record<string, unknown>>(await tx.execute(stepStatement(w)));
  if (!raw) return null;
  const runtime = fromRow(workflowRuntimes, raw);
  const applicable = subscriptionsFrom(raw.applicable_subscriptions);
  if (w.moreSubscriptions) applicable.push(...(await w.moreSubscriptions(tx, runtime)));
  await enqueueSystemEvents(
    tx,
    { before: w.before, after: runtime, result: w.result, eventName: w.eventName },
    { events: w.events, lastSequence: runtime.eventSeq, applicable, definitionConfig: w.definitionConfig },
  );
  return runtime;
}

/** A CTE body that writes nothing, for a step without a job to complete. */
export const NOTHING: SQL = sql`select 1`;
