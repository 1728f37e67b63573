import { isOutboundError } from "../net/errors";
import { MAX_DELIVERY_ATTEMPTS, nextRetryDelayMs } from "./retry-schedule";

/** What one delivery attempt produced: a response (any status) or a thrown error (guard refusal, timeout…). */
export type AttemptResult = { response: { status: number; headers: Record<string, string> } } | { error: unknown };

export type AttemptStatus = "succeeded" | "retrying" | "failed" | "disabled";

/**
 * The verdict on one attempt. `errorCode` is stable: `http_error` (non-2xx), `redirect_not_followed` (3xx),
 * `gone` (410), `webhook_secret_missing`, `subscription_disabled`, or the `OutboundError` code
 * (`destination_not_allowed`, `timeout`, `network_error`, …).
 */
export interface AttemptOutcome {
  status: AttemptStatus;
  responseCode: number | null;
  errorCode: string | null;
  error: string | null;
  /** Set when `status` is `retrying`. */
  retryInMs: number | null;
}

export interface AttemptPolicy {
  scale: number;
  random?: () => number;
  now?: number;
}

/**
 * Decide what happens after attempt number `attempt` (1-based): only 2xx succeeds; 410 disables the
 * subscription; any other status, a timeout or a network error is retried on the schedule (or after
 * `Retry-After`) until `MAX_DELIVERY_ATTEMPTS`; an error that cannot heal by waiting (the guard's
 * `destination_not_allowed`, an invalid URL) fails at once.
 *
 * @example classifyAttempt({ response: { status: 503, headers: { "retry-after": "7" } } }, 1, { scale: 1 })
 * // { status: "retrying", responseCode: 503, errorCode: "http_error", error: "HTTP 503", retryInMs: 7000 }
 */
export function classifyAttempt(result: AttemptResult, attempt: number, policy: AttemptPolicy): AttemptOutcome {
  if ("response" in result) {
    const { status, headers } = result.response;
    if (status >= 200 && status < 300) return { status: "succeeded", responseCode: status, errorCode: null, error: null, retryInMs: null };
    if (status === 410) {
      return { status: "disabled", responseCode: 410, errorCode: "gone", error: "HTTP 410 Gone: the receiver asked to stop; the subscription was disabled", retryInMs: null };
    }
    const redirect = status >= 300 && status < 400;
    const error = redirect
      ? `HTTP ${status}: redirects are not followed; point the subscription at the final URL${headers.location ? ` (Location: ${headers.location})` : ""}`
      : `HTTP ${status}`;
    return retryOrFail(attempt, policy, status, redirect ? "redirect_not_followed" : "http_error", error, headers["retry-after"]);
  }
  const { error } = result;
  if (isOutboundError(error)) {
    if (!error.retryable) return { status: "failed", responseCode: null, errorCode: error.code, error: `${error.code}: ${error.message}`, retryInMs: null };
    return retryOrFail(attempt, policy, null, error.code, `${error.code}: ${error.message}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return retryOrFail(attempt, policy, null, "delivery_error", `delivery_error: ${message}`);
}

/** Retry on schedule, or fail with the reason when `attempt` was the last one. */
export function retryOrFail(attempt: number, policy: AttemptPolicy, responseCode: number | null, errorCode: string, error: string, retryAfter?: string): AttemptOutcome {
  const delay = nextRetryDelayMs(attempt, { scale: policy.scale, retryAfter, random: policy.random, now: policy.now });
  if (delay === null) {
    return { status: "failed", responseCode, errorCode, error: `${error} (gave up after ${MAX_DELIVERY_ATTEMPTS} attempts; redeliver it once the receiver is fixed)`, retryInMs: null };
  }
  return { status: "retrying", responseCode, errorCode, error, retryInMs: delay };
}
