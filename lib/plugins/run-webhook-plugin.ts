import { resolveSecrets, resolveUrlSecrets } from "../engine";
import type { Db } from "../db/client";
import { runtimeHistory, type Job } from "../db/schema";
import { backoffDelay } from "../jobs/backoff";
import { DONE, type JobOutcome } from "../jobs/outcome";
import { OutboundError, safeFetch } from "../net/safe-fetch";
import type { WebhookPluginJobPayload } from "../runtime/effect-jobs";
import { outboundPolicy } from "./outbound-policy";
import { redactHeaders } from "./redact";
import { loadSecretLookup } from "../secrets/load-secret-lookup";

/**
 * Send a webhook plugin's request (built when its state was entered) for a `webhook_plugin` job. Only 2xx
 * counts as delivered; anything else is retried with backoff until the job's attempts run out. The response
 * never moves the workflow. Each attempt is recorded in the runtime's history.
 */
export async function runWebhookPluginJob(db: Db, job: Job): Promise<JobOutcome> {
  const p = job.payload as unknown as WebhookPluginJobPayload;
  const shown = { method: p.request.method, url: p.request.url, headers: redactHeaders(p.request.headers), body: p.request.body ?? null };
  let outcome: JobOutcome;
  let status: number | null = null;
  try {
    const lookup = await loadSecretLookup(db, job.projectId);
    const response = await safeFetch(
      {
        url: resolveUrlSecrets(p.request.url, lookup),
        method: p.request.method,
        headers: resolveSecrets(p.request.headers, lookup),
        body: p.request.body === undefined ? undefined : JSON.stringify(p.request.body),
        timeoutMs: p.timeoutMs,
      },
      outboundPolicy(),
    );
    status = response.status;
    outcome = response.status >= 200 && response.status < 300 ? DONE : retryOrFail(job, p, `HTTP ${response.status}`, true);
  } catch (error) {
    const retryable = !(error instanceof OutboundError) || error.retryable;
    const code = error instanceof OutboundError ? `${error.code}: ` : "";
    outcome = retryOrFail(job, p, `${code}${error instanceof Error ? error.message : String(error)}`, retryable);
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
