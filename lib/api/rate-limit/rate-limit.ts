import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { addToRateLimitWindow } from "./rate-limit-windows";
import { RateLimiter, type RateLimitResult } from "./rate-limiter";

export type { RateLimitResult } from "./rate-limiter";

const GLOBAL_KEY = Symbol.for("kyc.api.rate-limiters");
type Holder = { [GLOBAL_KEY]?: WeakMap<Db, RateLimiter> };
const holder = globalThis as unknown as Holder;

/**
 * The API's per-key limiter for this process and database: counts are shared with every other process on the
 * same database through `rate_limit_windows` (see `RateLimiter` for the over-admission bound). Kept on
 * `globalThis`, like the database handle, so every Next.js bundle in the process counts together.
 */
export function apiRateLimiter(db: Db): RateLimiter {
  const limiters = (holder[GLOBAL_KEY] ??= new WeakMap());
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new RateLimiter({ sync: (apiKeyId, windowStart, count) => addToRateLimitWindow(db, apiKeyId, windowStart, count) });
    limiters.set(db, limiter);
  }
  return limiter;
}

/**
 * Count one request against the key's per-minute budget; `limit` 0 disables limiting (returns `undefined`).
 *
 * @example
 * const r = await consumeRateLimit(db, apiKeyId, 6000); // { allowed: true, limit: 6000, remaining: 5999, resetSeconds: 37 }
 */
export function consumeRateLimit(db: Db, key: string, limit: number): Promise<RateLimitResult | undefined> {
  return limit <= 0 ? Promise.resolve(undefined) : apiRateLimiter(db).consume(key, limit);
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
  return new AppError("rate_limited", `Rate limit of ${result.limit} requests per minute for this API key exceeded; retry after ${result.resetSeconds} s.`, { headers: { "Retry-After": String(result.resetSeconds), ...rateLimitHeaders(result) } });
}

/** Forget this process's windows for `db` (tests); counts already shared through the database stay there. */
export function resetRateLimits(db: Db): void {
  holder[GLOBAL_KEY]?.get(db)?.reset();
}
