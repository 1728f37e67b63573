import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Job, WebhookDelivery } from "../db/schema";
import { jobCompletion, jobFailure, jobRetry } from "../jobs/queue";
import type { AttemptOutcome } from "./attempt-outcome";

/**
 * Record an attempt in one statement: the delivery's status, attempt count, last response code and error, next
 * attempt and delivery time; on 410 the subscription is disabled with the reason; a `webhook` row is appended to
 * the runtime's history; and `job`, when given (the attempt's job, as its lease holder), ends as the outcome says
 * if its lease still holds: succeeded, rescheduled after `retryInMs`, or failed. So the attempt and its job's end
 * commit together, and never disagree. The history shows the URL without query string or credentials, and never a
 * header, signature or body.
 */
export async function recordAttempt(
  db: Db,
  delivery: WebhookDelivery,
  subscriptionId: string | null,
  outcome: AttemptOutcome,
  job?: Pick<Job, "id" | "lockedBy">,
): Promise<void> {
  const now = new Date();
  const status = outcome.status === "succeeded" ? "succeeded" : outcome.status === "retrying" ? "pending" : "failed";
  const nextAttemptAt = outcome.status === "retrying" ? new Date(now.getTime() + (outcome.retryInMs ?? 0)).toISOString() : null;
  const deliveredAt = outcome.status === "succeeded" ? sql`${now.toISOString()}::timestamptz` : sql`delivered_at`;
  const parts: SQL[] = [
    sql`d as (update webhook_deliveries set status = ${status}, attempts = attempts + 1, last_response_code = ${outcome.responseCode}::int,
      last_error = ${outcome.error}::text, next_attempt_at = ${nextAttemptAt}::timestamptz, delivered_at = ${deliveredAt}
      where id = ${delivery.id}::uuid)`,
  ];
  if (outcome.status === "disabled" && subscriptionId) {
    const reason = `The receiver answered 410 Gone to event ${delivery.eventId} at ${now.toISOString()}.`;
    parts.push(sql`s as (update webhook_subscriptions set active = false, disabled_reason = ${reason} where id = ${subscriptionId}::uuid)`);
  }
  if (delivery.runtimeId) {
    const payload = {
      deliveryId: delivery.id,
      eventId: delivery.eventId,
      eventName: delivery.eventName,
      url: displayUrl(delivery.url),
      status: outcome.status,
      attempt: delivery.attempts + 1,
      responseCode: outcome.responseCode,
      errorCode: outcome.errorCode,
      ...(outcome.retryInMs !== null ? { retryInMs: outcome.retryInMs } : {}),
    };
    parts.push(sql`h as (insert into runtime_history (project_id, runtime_id, kind, event_name, actor_type, payload)
      values (${delivery.projectId}, ${delivery.runtimeId}::uuid, 'webhook', ${delivery.eventName}, 'system', ${JSON.stringify(payload)}::jsonb))`);
  }
  if (job) parts.push(sql`j as (${jobEnd(job, outcome)})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}

/** The job's end for an attempt's outcome: the statement `performJob` would write after it (lib/worker/perform-job.ts). */
function jobEnd(job: Pick<Job, "id" | "lockedBy">, outcome: AttemptOutcome): SQL {
  if (outcome.status === "succeeded") return jobCompletion(job);
  if (outcome.status === "retrying") return jobRetry(job, outcome.error ?? "retrying", outcome.retryInMs ?? 0);
  return jobFailure(job, outcome.error ?? outcome.status);
}

/** The URL as shown in history: scheme, host, port and path; a query string or user info may carry tokens. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? "?…" : ""}`;
  } catch {
    return "(invalid URL)";
  }
}
