import { buildPluginRequest, transformPluginResponse, type JsonObject, type PluginConfig, type PluginResultInput } from "../engine";
import { backoffDelay, retryAfterMs } from "../jobs/backoff";
import { OutboundError, safeFetch, type SafeResponse } from "../net/safe-fetch";
import { outboundPolicy } from "./outbound-policy";
import { pluginMaxResponseBytes, pluginRetryPolicy, pluginTimeoutMs } from "./plugin-options";
import { preview, redactHeaders } from "./redact";
import { resolveRequestSecrets, SecretHostNotAllowedError, type PluginSecrets } from "./secret-binding";

export type { SecretLookup } from "./secret-binding";

/**
 * The outcome of one attempt: a `result` to feed back into the workflow (success, validation failure, other
 * 4xx, exhausted retries), or `retry` after `delayMs`. `details` is what the history shows of the call
 * (request with secret headers redacted, response status, duration and a preview of the body).
 */
export type ApiPluginAttempt =
  | { type: "result"; result: Omit<PluginResultInput, "pluginName" | "expectedState">; details: Record<string, unknown> }
  | { type: "retry"; delayMs: number; error: string; details: { request: unknown; response: unknown } };

/**
 * Perform attempt number `attempt` of an API plugin call with the runtime's `context`, outside any
 * transaction or lock: build the request, resolve `{secret.NAME}` placeholders through `secrets` (refusing, before
 * anything is sent, a secret bound to other hosts: a `secret_host_not_allowed` result), send it through the
 * outgoing-request guard, and interpret the answer. Network errors, timeouts, 429 and 5xx are
 * retried per the plugin's `retry` policy (honouring `Retry-After`, capped at `maxDelayMs`).
 *
 * @example
 * const attempt = await callApiPlugin(plugin, runtime.context, await loadPluginSecrets(db, projectId), job.attempts);
 * if (attempt.type === "result") await deliverPluginResult(...attempt.result);
 */
export async function callApiPlugin(plugin: PluginConfig, context: JsonObject, secrets: PluginSecrets, attempt: number): Promise<ApiPluginAttempt> {
  const retry = pluginRetryPolicy(plugin, "api_plugin");
  const result = (r: Omit<PluginResultInput, "pluginName" | "expectedState">, details: Record<string, unknown>): ApiPluginAttempt => ({ type: "result", result: r, details });

  let request;
  try {
    request = buildPluginRequest(plugin, context);
  } catch (error) {
    return result({ ok: false, error: message(error) }, {});
  }
  const shownRequest = { method: request.method, url: request.url, headers: redactHeaders(request.headers), body: request.body ?? null };
  let headers: Record<string, string>;
  let url: string;
  try {
    ({ headers, url } = resolveRequestSecrets(request, secrets));
  } catch (error) {
    if (error instanceof SecretHostNotAllowedError) return result({ ok: false, error: `${error.code}: ${error.message}` }, { request: shownRequest });
    return result({ ok: false, error: message(error) }, {});
  }

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
    const text = `${code}: ${message(error)}`;
    if (retryable && attempt < retry.maxAttempts) {
      return { type: "retry", delayMs: backoffDelay(attempt, retry), error: text, details: { request: shownRequest, response: null } };
    }
    return result({ ok: false, error: text }, { request: shownRequest });
  }

  const shownResponse = { status: response.status, durationMs: response.durationMs };
  if ((response.status === 429 || response.status >= 500) && attempt < retry.maxAttempts) {
    const delayMs = Math.max(backoffDelay(attempt, retry), Math.min(retryAfterMs(response.headers["retry-after"]) ?? 0, retry.maxDelayMs));
    return { type: "retry", delayMs, error: `HTTP ${response.status}`, details: { request: shownRequest, response: { ...shownResponse, body: preview(response.bodyText) } } };
  }
  if (response.status < 200 || response.status >= 300) {
    return result(
      { ok: false, httpStatus: response.status, error: `HTTP ${response.status} from ${new URL(request.url).origin}` },
      { request: shownRequest, response: { ...shownResponse, body: preview(response.bodyText) } },
    );
  }
  let body: unknown = null;
  try {
    body = response.bodyText.trim() === "" ? null : response.json();
  } catch (error) {
    return result({ ok: false, httpStatus: response.status, error: message(error) }, { request: shownRequest, response: { ...shownResponse, body: preview(response.bodyText) } });
  }
  const transformed = transformPluginResponse(plugin, body);
  if (!transformed.ok) {
    return result(
      { ok: false, httpStatus: response.status, error: transformed.error },
      { request: shownRequest, response: { ...shownResponse, body: preview(response.bodyText), errors: transformed.errors ?? [] } },
    );
  }
  return result({ ok: true, httpStatus: response.status, data: transformed.data }, { request: shownRequest, response: { ...shownResponse, data: transformed.data } });
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
