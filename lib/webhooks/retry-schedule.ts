import { retryAfterMs } from "../jobs/backoff";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Nominal wait before attempt n + 1 after attempt n failed (index n - 1): 5 s, 30 s, 2 min, 10 min, 30 min,
 * 1 h, 3 h, 6 h, 12 h, 24 h. Eleven attempts in all, the last 46 h 42 min 35 s (± jitter) after the first.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 1 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR,
];

export const MAX_DELIVERY_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;

/** Each delay is the nominal one times a uniform factor in [1 - JITTER, 1 + JITTER], so retries spread out. */
export const RETRY_JITTER = 0.1;

/** The longest `Retry-After` honoured; a receiver asking for more is retried after this. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/**
 * Delay before the attempt after `attempt` (1-based) failed, or null when it was the last one.
 * A `Retry-After` header (seconds or HTTP date) replaces the schedule's delay for this attempt; `scale`
 * shrinks the schedule only (see `DeliveryOptions.retryScale`).
 *
 * @example nextRetryDelayMs(1, { scale: 1, random: () => 0.5 }) // 5000
 * @example nextRetryDelayMs(2, { scale: 1, retryAfter: "120" }) // 120000
 * @example nextRetryDelayMs(11, { scale: 1 }) // null: exhausted
 */
export function nextRetryDelayMs(
  attempt: number,
  options: { scale: number; retryAfter?: string; random?: () => number; now?: number },
): number | null {
  if (attempt >= MAX_DELIVERY_ATTEMPTS) return null;
  const asked = retryAfterMs(options.retryAfter, options.now);
  if (asked !== undefined) return Math.min(asked, MAX_RETRY_AFTER_MS);
  const nominal = RETRY_SCHEDULE_MS[Math.max(0, attempt - 1)] * options.scale;
  const factor = 1 - RETRY_JITTER + 2 * RETRY_JITTER * (options.random ?? Math.random)();
  return Math.round(nominal * factor);
}
