import { AppError } from "./errors";

/** The outcome of counting one request against a key's budget. */
export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends and the budget is full again. */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;
const SWEEP_AT = 10_000;
const windows = new Map<string, { start: number; count: number }>();

/**
 * Fixed one-minute window per key, in memory (per process): the first request opens a window; at most
 * `limit` requests are allowed until it ends. `limit` 0 disables limiting (returns `undefined`).
 * Several app processes each keep their own budget, so the effective limit is `limit × processes`.
 *
 * @example
 * const r = consumeRateLimit(apiKeyId, 6000); // { allowed: true, limit: 6000, remaining: 5999, resetSeconds: 60 }
 */
export function consumeRateLimit(key: string, limit: number, now: number = Date.now()): RateLimitResult | undefined {
  if (limit <= 0) return undefined;
  let window = windows.get(key);
  if (!window || now - window.start >= WINDOW_MS) {
    if (windows.size >= SWEEP_AT) sweep(now);
    window = { start: now, count: 0 };
    windows.set(key, window);
  }
  const resetSeconds = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
  if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
  window.count++;
  return { allowed: true, limit, remaining: limit - window.count, resetSeconds };
}

/** `RateLimit-*` headers (IETF httpapi draft) describing the key's budget after this request. */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.resetSeconds),
  };
}

/** 429 `rate_limited` with `Retry-After` and the `RateLimit-*` headers. */
export function rateLimited(result: RateLimitResult): AppError {
  return new AppError(
    "rate_limited",
    429,
    `Rate limit of ${result.limit} requests per minute for this API key exceeded; retry after ${result.resetSeconds} s.`,
    [],
    { "Retry-After": String(result.resetSeconds), ...rateLimitHeaders(result) },
  );
}

/** Forget all windows (tests). */
export function resetRateLimits(): void {
  windows.clear();
}

function sweep(now: number): void {
  for (const [key, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(key);
}
