import { randomUUID } from "node:crypto";
import { projectFilter } from "../db/raw-sql";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { businesses, endUsers, users, type NewJob, type WebhookSubscription, type WorkflowRuntime } from "../db/schema";
import { rowsOf } from "../db/rows";
import { env } from "../config/env";
import { enqueueJobs } from "../jobs/queue";
import { buildPayload, type PayloadFacts } from "./build-payload";
import { deliveryJobPayload } from "./delivery-job";
import type { DerivedEvent, RuntimeStepChange } from "./step-events";
import { MAX_DELIVERY_ATTEMPTS } from "./retry-schedule";
import { pickTargets, subscriptionsForRuntime } from "./resolve-subscriptions";

/** The events a step emits and what its own statement already did for them. */
export interface StepEvents {
  /** `deriveEvents(change)`, computed before the step was written. */
  events: DerivedEvent[];
  /** The runtime's `event_seq` after the step's statement added `events.length` to it. */
  lastSequence: number;
  /** The subscription rows that apply to the runtime, read by the step's statement (see `applicableSubscriptionsJson`). */
  applicable: WebhookSubscription[];
  /** The `config` of the runtime's definition version (its `subscriptions` are materialised on first use). */
  definitionConfig: unknown;
}

/**
 * Write the system webhook events a step causes (see `deriveEvents`) to `webhook_deliveries` and the outbox,
 * inside the step's transaction: they exist if and only if the step commits, and workers are woken at commit.
 * Every event has taken the next number of the runtime's `event_seq` (also when nobody subscribes to it) in
 * the step's own statement, and gets a fresh id, which is the `webhook-id` of each delivery of it.
 */
export async function enqueueSystemEvents(tx: Db, change: RuntimeStepChange, step: StepEvents): Promise<void> {
  const { before, after } = change;
  const { events, lastSequence } = step;
  if (events.length === 0) return;
  const subscriptions = await subscriptionsForRuntime(tx, after, step.definitionConfig, step.applicable);
  const targeted = events
    .map((event, i) => ({ ...event, sequence: lastSequence - events.length + 1 + i, targets: pickTargets(subscriptions, event.eventName) }))
    .filter((event) => event.targets.length > 0);
  if (targeted.length === 0) return;

  const facts = await payloadFacts(tx, after);
  const timestamp = new Date();
  const rows = targeted.flatMap((event) => {
    const payload = buildPayload({ id: `evt_${randomUUID()}`, eventName: event.eventName, sequence: event.sequence, timestamp, actions: event.actions, documentChanges: event.documentChanges, approvers: event.approvers }, before, after, facts);
    return event.targets.map((s) => ({ subscriptionId: s.id, eventId: payload.id, eventName: payload.eventName, url: s.url, payload }));
  });
  const inserted = await insertDeliveries(tx, after, rows, timestamp);
  const jobs: NewJob[] = inserted.map((id) => ({
    projectId: after.projectId,
    kind: "webhook_delivery",
    runtimeId: after.id,
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
    payload: { ...deliveryJobPayload(id) },
  }));
  await enqueueJobs(tx, jobs);
}

interface DeliveryRow {
  subscriptionId: string;
  eventId: string;
  eventName: string;
  url: string;
  payload: object;
}

/**
 * Insert the deliveries of one step and return their ids, skipping those whose subscription no longer exists.
 * The step read its subscriptions without a lock, so one may have been deleted since (`deleteSubscription`
 * commits between the read and this insert): the insert joins the subscriptions it still finds and holds them
 * with `FOR KEY SHARE` (the lock the foreign key check takes anyway), so a delete that is still in flight is
 * waited for and then skipped, never a foreign-key violation. Rows travel as one JSON parameter (fixed text).
 */
async function insertDeliveries(tx: Db, runtime: WorkflowRuntime, rows: DeliveryRow[], timestamp: Date): Promise<string[]> {
  const json = JSON.stringify(rows.map((r) => ({ s: r.subscriptionId, e: r.eventId, n: r.eventName, u: r.url, p: r.payload })));
  const result = await tx.execute(sql`
    with r as (select v, n from jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n)),
    live as (
      select s.id from webhook_subscriptions s
      where s.project_id = ${runtime.projectId}::text and s.id in (select (r.v->>'s')::uuid from r)
      for key share of s
    )
    insert into webhook_deliveries (project_id, subscription_id, runtime_id, event_id, event_name, url, payload, next_attempt_at)
    select ${runtime.projectId}::text, live.id, ${runtime.id}::uuid, r.v->>'e', r.v->>'n', r.v->>'u', r.v->'p', ${timestamp.toISOString()}::timestamptz
    from r join live on live.id = (r.v->>'s')::uuid
    order by r.n
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

async function payloadFacts(tx: Db, runtime: WorkflowRuntime): Promise<PayloadFacts> {
  const entity = runtime.businessId
    ? (await tx.select({ correlationId: businesses.correlationId }).from(businesses).where(and(eq(businesses.id, runtime.businessId), projectFilter(businesses.projectId, runtime.projectId))))[0]
    : runtime.endUserId
      ? (await tx.select({ correlationId: endUsers.correlationId }).from(endUsers).where(and(eq(endUsers.id, runtime.endUserId), projectFilter(endUsers.projectId, runtime.projectId))))[0]
      : undefined;
  const [assignee] = runtime.assigneeId
    ? await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(and(eq(users.id, runtime.assigneeId), projectFilter(users.projectId, runtime.projectId)))
    : [];
  const contextEntityId = (runtime.context.entity as { id?: unknown } | undefined)?.id;
  return {
    assignee: assignee ?? null,
    serviceEntityId: runtime.businessId ?? runtime.endUserId ?? null,
    correlationId: entity?.correlationId ?? (typeof contextEntityId === "string" ? contextEntityId : null),
    environment: env().APP_ENVIRONMENT,
  };
}
