import { and, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Db } from "../db/client";
import { projects, webhookDeliveries, webhookSubscriptions, type Job, type WebhookDelivery } from "../db/schema";
import { DONE, DONE_AND_RECORDED, type JobOutcome } from "../jobs/outcome";
import { safeFetch } from "../net/safe-fetch";
import { metrics, timed } from "../observability/metrics";
import { outboundPolicy } from "../plugins/outbound-policy";
import { SERVICE_VERSION } from "../version";
import { classifyAttempt, retryOrFail, type AttemptOutcome, type AttemptResult } from "./attempt-outcome";
import { orderPayloadKeys } from "./build-payload";
import { readDeliveryJobPayload } from "./delivery-job";
import { deliveryOptions } from "./delivery-options";
import { recordAttempt } from "./record-attempt";
import { SECRET_COLUMNS, secretsOf, signatureHeaders } from "./signing";

/**
 * Perform one attempt of a `webhook_delivery` job: POST the stored event, signed per Standard Webhooks with
 * the project's secret(s), to the subscription's URL through the outgoing-request guard; record the outcome
 * on the delivery, the subscription (410), the runtime's history and the job's end (succeeded, rescheduled or
 * failed), all in one statement. The delivery, its subscription and the
 * project's signing secrets are read by one query. A delivery that is no longer pending (a job taken over after its worker died, once the first one
 * had recorded the outcome) is not sent again.
 */
export async function deliverSystemWebhook(db: Db, job: Job): Promise<JobOutcome> {
  const payload = readDeliveryJobPayload(job.payload);
  if (!payload) return { type: "failed", error: `job ${job.id} has no deliveryId` };
  const [found] = await db
    .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions, secrets: SECRET_COLUMNS })
    .from(webhookDeliveries)
    .leftJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .innerJoin(projects, eq(projects.id, webhookDeliveries.projectId))
    .where(and(eq(webhookDeliveries.id, payload.deliveryId), projectFilter(webhookDeliveries.projectId, job.projectId)));
  if (!found) return { type: "failed", error: `webhook delivery ${payload.deliveryId} was not found` };
  const { delivery, subscription } = found;
  if (delivery.status === "succeeded") return DONE;
  if (delivery.status === "failed") return { type: "failed", error: delivery.lastError ?? "the delivery already failed" };

  const options = deliveryOptions();
  let outcome: AttemptOutcome;
  if (!subscription || !subscription.active) {
    const why = subscription ? (subscription.disabledReason ?? "it was disabled") : "it was deleted";
    outcome = { status: "failed", responseCode: null, errorCode: "subscription_disabled", error: `subscription_disabled: not sent because ${why}`, retryInMs: null };
  } else {
    const secrets = secretsOf(found.secrets, job.projectId);
    outcome = secrets.length
      ? classifyAttempt(await attemptOnce(delivery, secrets, payload.timeoutMs), job.attempts, { scale: options.retryScale })
      : retryOrFail(job.attempts, { scale: options.retryScale }, null, "webhook_secret_missing",
          "webhook_secret_missing: the project has no signing secret; create one with POST /api/v1/external/webhook-secret/rotate");
  }
  await recordAttempt(db, delivery, subscription?.id ?? null, outcome, job);
  metrics().webhookAttempts.inc({ result: outcome.status });
  if (outcome.status === "succeeded") return DONE_AND_RECORDED;
  if (outcome.status === "retrying") return { type: "retry", delayMs: outcome.retryInMs ?? 0, error: outcome.error ?? "retrying", recorded: true };
  return { type: "failed", error: outcome.error ?? outcome.status, recorded: true };
}

/** Sign and send the stored event once. Signed at send time, so `webhook-timestamp` is this attempt's. */
async function attemptOnce(delivery: WebhookDelivery, secrets: string[], timeoutMs: number): Promise<AttemptResult> {
  const body = JSON.stringify(orderPayloadKeys(delivery.payload));
  const headers = {
    "content-type": "application/json",
    "user-agent": `kyc-workflow-service-webhooks/${SERVICE_VERSION}`,
    ...signatureHeaders(delivery.eventId, new Date(), body, secrets),
  };
  try {
    const request = { url: delivery.url, method: "POST", headers, body, timeoutMs, connectTimeoutMs: Math.min(5_000, timeoutMs) };
    const latency = metrics().webhookLatency;
    const response = await timed((s) => latency.observe(s), () => safeFetch(request, outboundPolicy()));
    return { response: { status: response.status, headers: response.headers } };
  } catch (error) {
    return { error };
  }
}
