import { resolveSecrets, resolveUrlSecrets } from "../engine";
import { OutboundError, safeFetch } from "../net/safe-fetch";
import type { SecretLookup } from "./call-api-plugin";
import { outboundPolicy } from "./outbound-policy";

/** A webhook plugin's request, built when its state was entered; `{secret.NAME}` placeholders still in place. */
export interface WebhookPluginRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** One send: `ok` for a 2xx; otherwise the error and whether trying again could help. */
export type WebhookPluginSend = { ok: true; status: number } | { ok: false; status: number | null; error: string; retryable: boolean };

/**
 * Send a webhook plugin's request once, resolving secrets at send time, through the outgoing-request guard.
 * Only 2xx counts as delivered; the guard's refusals (a private address, say) are not retryable.
 *
 * @example
 * const sent = await sendWebhookPlugin(payload.request, payload.timeoutMs, lookup);
 */
export async function sendWebhookPlugin(request: WebhookPluginRequest, timeoutMs: number, secrets: SecretLookup): Promise<WebhookPluginSend> {
  try {
    const response = await safeFetch(
      {
        url: resolveUrlSecrets(request.url, secrets),
        method: request.method,
        headers: resolveSecrets(request.headers, secrets),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeoutMs,
      },
      outboundPolicy(),
    );
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `HTTP ${response.status}`, retryable: true };
  } catch (error) {
    const retryable = !(error instanceof OutboundError) || error.retryable;
    const code = error instanceof OutboundError ? `${error.code}: ` : "";
    return { ok: false, status: null, error: `${code}${error instanceof Error ? error.message : String(error)}`, retryable };
  }
}
