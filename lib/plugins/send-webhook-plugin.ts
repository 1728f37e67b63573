import { OutboundError, safeFetch } from "../net/safe-fetch";
import { outboundPolicy } from "./outbound-policy";
import { resolveRequestSecrets, SecretHostNotAllowedError, type PluginSecrets } from "./secret-binding";

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
 * Only 2xx counts as delivered; the guard's refusals (a private address, say) and a secret bound to other
 * hosts (`secret_host_not_allowed`, refused before anything is sent) are not retryable.
 *
 * @example
 * const sent = await sendWebhookPlugin(payload.request, payload.timeoutMs, await loadPluginSecrets(db, projectId));
 */
export async function sendWebhookPlugin(request: WebhookPluginRequest, timeoutMs: number, secrets: PluginSecrets): Promise<WebhookPluginSend> {
  try {
    const { url, headers } = resolveRequestSecrets(request, secrets);
    const response = await safeFetch(
      {
        url,
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeoutMs,
      },
      outboundPolicy(),
    );
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `HTTP ${response.status}`, retryable: true };
  } catch (error) {
    const refused = error instanceof SecretHostNotAllowedError;
    const retryable = !refused && (!(error instanceof OutboundError) || error.retryable);
    const code = error instanceof OutboundError || refused ? `${error.code}: ` : "";
    return { ok: false, status: null, error: `${code}${error instanceof Error ? error.message : String(error)}`, retryable };
  }
}
