import type { Db } from "../db/client";
import { runtimeHistory, type Job } from "../db/schema";
import { backoffDelay } from "../jobs/backoff";
import { DONE, type JobOutcome } from "../jobs/outcome";
import { metrics, timed } from "../observability/metrics";
import { redactHeaders } from "../plugins/redact";
import { sendWebhookPlugin } from "../plugins/send-webhook-plugin";
import type { WebhookPluginJobPayload } from "./effect-jobs";
import { pluginSecretsSoon } from "./plugin-job-reads";

/**
 * Handle a `webhook_plugin` job: send the request through the plugin leaf; anything but a 2xx is retried
 * with backoff until the job's attempts run out. The response never moves the workflow. Each attempt is
 * recorded in the runtime's history.
 */
export async function runWebhookPluginJob(db: Db, job: Job): Promise<JobOutcome> {
  const p = job.payload as unknown as WebhookPluginJobPayload;
  const shown = { method: p.request.method, url: p.request.url, headers: redactHeaders(p.request.headers), body: p.request.body ?? null };
  let outcome: JobOutcome;
  let status: number | null = null;
  try {
    const secrets = await pluginSecretsSoon(db, job.projectId);
    const latency = metrics().pluginLatency.labels({ plugin: p.pluginName, kind: "webhook" });
    const sent = await timed((s) => latency.observe(s), () => sendWebhookPlugin(p.request, p.timeoutMs, secrets));
    status = sent.status;
    outcome = sent.ok ? DONE : retryOrFail(job, p, sent.error, sent.retryable);
  } catch (error) {
    outcome = retryOrFail(job, p, error instanceof Error ? error.message : String(error), true);
  }
  await db.insert(runtimeHistory).values({
    projectId: job.projectId,
    runtimeId: p.runtimeId,
    kind: "plugin_call",
    eventName: p.pluginName,
    fromState: p.state,
    toState: p.state,
    actorType: "system",
    payload: {
      plugin: p.pluginName,
      kind: "webhook",
      attempt: job.attempts,
      ok: outcome.type === "done",
      error: outcome.type === "done" ? null : outcome.error,
      request: shown,
      response: status === null ? null : { status },
      ...(outcome.type === "retry" ? { retryInMs: outcome.delayMs } : {}),
    },
  });
  return outcome;
}

function retryOrFail(job: Job, p: WebhookPluginJobPayload, error: string, retryable: boolean): JobOutcome {
  if (retryable && job.attempts < job.maxAttempts) return { type: "retry", delayMs: backoffDelay(job.attempts, p.retry), error };
  return { type: "failed", error };
}
