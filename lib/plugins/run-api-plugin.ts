import { and, eq } from "drizzle-orm";
import { buildPluginRequest, getPlugin, resolveSecrets, resolveUrlSecrets, transformPluginResponse, type PluginResultInput } from "../engine";
import type { Db } from "../db/client";
import { runtimeHistory, workflowRuntimes, type Job, type NewRuntimeHistoryRow } from "../db/schema";
import { backoffDelay, retryAfterMs } from "../jobs/backoff";
import { DONE, DONE_AND_RECORDED, type JobOutcome } from "../jobs/outcome";
import { OutboundError, safeFetch, type SafeResponse } from "../net/safe-fetch";
import { getCompiledDefinition } from "../runtime/definition-cache";
import { deliverPluginResult } from "../runtime/deliver-plugin-result";
import type { ApiPluginJobPayload } from "../runtime/effect-jobs";
import { outboundPolicy } from "./outbound-policy";
import { pluginMaxResponseBytes, pluginRetryPolicy, pluginTimeoutMs } from "./plugin-options";
import { preview, redactHeaders } from "./redact";
import { loadSecretLookup } from "../secrets/load-secret-lookup";

type CallRecord = Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">;

/**
 * Perform one attempt of an API plugin call for an `api_plugin` job, outside any transaction or lock.
 * Network errors, timeouts, 429 and 5xx are retried per the plugin's `retry` policy; the final outcome
 * (success, validation failure, other 4xx, exhausted retries) is fed back through `deliverPluginResult`.
 */
export async function runApiPluginJob(db: Db, job: Job): Promise<JobOutcome> {
  const p = job.payload as unknown as ApiPluginJobPayload;
  const [runtime] = await db
    .select()
    .from(workflowRuntimes)
    .where(and(eq(workflowRuntimes.id, p.runtimeId), eq(workflowRuntimes.projectId, job.projectId)));
  if (!runtime || runtime.status !== "active" || runtime.state !== p.state) return DONE;
  const { compiled } = await getCompiledDefinition(db, job.projectId, p.definitionId, p.definitionVersion);
  const plugin = getPlugin(compiled, p.pluginName);
  if (!plugin) return { type: "failed", error: `plugin '${p.pluginName}' is not in ${p.definitionId}@${p.definitionVersion}` };
  const retry = pluginRetryPolicy(plugin, "api_plugin");
  const record: CallRecord = { kind: "plugin_call", eventName: plugin.name, fromState: p.state, toState: p.state, actorType: "system" };
  const finish = (result: Omit<PluginResultInput, "pluginName" | "expectedState">, details: Record<string, unknown>) =>
    deliverPluginResult(
      db,
      job.projectId,
      p.runtimeId,
      { ...result, pluginName: plugin.name, expectedState: p.state },
      { ...record, payload: { plugin: plugin.name, kind: "api", attempt: job.attempts, ok: result.ok, error: result.error ?? null, ...details } },
      job,
    ).then(() => DONE_AND_RECORDED);

  let request;
  let headers: Record<string, string>;
  let url: string;
  try {
    request = buildPluginRequest(plugin, runtime.context);
    const lookup = await loadSecretLookup(db, job.projectId);
    headers = resolveSecrets(request.headers, lookup);
    url = resolveUrlSecrets(request.url, lookup);
  } catch (error) {
    return finish({ ok: false, error: message(error) }, {});
  }
  const shownRequest = { method: request.method, url: request.url, headers: redactHeaders(request.headers), body: request.body ?? null };

  let response: SafeResponse;
  try {
    response = await safeFetch(
      {
        url,
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeoutMs: pluginTimeoutMs(plugin),
        maxResponseBytes: pluginMaxResponseBytes(plugin),
      },
      outboundPolicy(),
    );
  } catch (error) {
    const code = error instanceof OutboundError ? error.code : "network_error";
    const retryable = error instanceof OutboundError ? error.retryable : true;
    if (retryable && job.attempts < retry.maxAttempts) {
      return retryLater(db, job, record, shownRequest, `${code}: ${message(error)}`, backoffDelay(job.attempts, retry));
    }
    return finish({ ok: false, error: `${code}: ${message(error)}` }, { request: shownRequest });
  }

  const shownResponse = { status: response.status, durationMs: response.durationMs };
  if ((response.status === 429 || response.status >= 500) && job.attempts < retry.maxAttempts) {
    const delay = Math.max(backoffDelay(job.attempts, retry), Math.min(retryAfterMs(response.headers["retry-after"]) ?? 0, retry.maxDelayMs));
    return retryLater(db, job, record, shownRequest, `HTTP ${response.status}`, delay, { ...shownResponse, body: preview(response.bodyText) });
  }
  if (response.status < 200 || response.status >= 300) {
    return finish(
      { ok: false, httpStatus: response.status, error: `HTTP ${response.status} from ${new URL(request.url).origin}` },
      { request: shownRequest, response: { ...shownResponse, body: preview(response.bodyText) } },
    );
  }
  let body: unknown = null;
  try {
    body = response.bodyText.trim() === "" ? null : response.json();
  } catch (error) {
    return finish({ ok: false, httpStatus: response.status, error: message(error) }, { request: shownRequest, response: { ...shownResponse, body: preview(response.bodyText) } });
  }
  const transformed = transformPluginResponse(plugin, body);
  if (!transformed.ok) {
    return finish(
      { ok: false, httpStatus: response.status, error: transformed.error },
      { request: shownRequest, response: { ...shownResponse, body: preview(response.bodyText), errors: transformed.errors ?? [] } },
    );
  }
  return finish({ ok: true, httpStatus: response.status, data: transformed.data }, { request: shownRequest, response: { ...shownResponse, data: transformed.data } });
}

async function retryLater(db: Db, job: Job, record: CallRecord, request: unknown, error: string, delayMs: number, response?: unknown): Promise<JobOutcome> {
  await db.insert(runtimeHistory).values({
    ...record,
    projectId: job.projectId,
    runtimeId: job.runtimeId!,
    payload: { plugin: record.eventName, kind: "api", attempt: job.attempts, ok: false, error, retryInMs: delayMs, request, response: response ?? null },
  });
  return { type: "retry", delayMs, error };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
