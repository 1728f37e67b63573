/** Retry policy of one call: total attempts and the bounds of the exponential delay between them. */
export interface RetryPolicy {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/**
 * Delay before attempt `attempt + 1` after `attempt` failed: exponential from `initialDelayMs`, capped at
 * `maxDelayMs`, with "full jitter" in the upper half so retries of many jobs spread out.
 *
 * @example backoffDelay(1, { maxAttempts: 5, initialDelayMs: 1000, maxDelayMs: 30000 }) // 500..1000
 */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, "initialDelayMs" | "maxDelayMs">, random = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** Seconds or HTTP-date of a `Retry-After` header, in milliseconds; undefined when absent or invalid. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
