import { logger } from "../../observability/logger";

/** The outcome of counting one request against a key's budget. */
export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends and the budget is full again. */
  resetSeconds: number;
}

/**
 * Add `count` requests admitted by this process to the key's count for the window starting at `windowStart`,
 * shared by every process, and return the window's new total (e.g. `addToRateLimitWindow` in one statement).
 */
export type RateLimitSync = (key: string, windowStart: Date, count: number) => Promise<number>;

export interface RateLimiterOptions {
  /** Where the processes' counts meet. Without it the limiter counts on its own (one process). */
  sync?: RateLimitSync;
  /** A key's counts are sent at most this often unless they reach the flush threshold first. Default 250 ms. */
  syncIntervalMs?: number;
  /** Longest a request at the unconfirmed cap waits for a sync before it is decided on local counts. Default 1 s. */
  syncWaitMs?: number;
  /** Where the one-line notices about losing and regaining the shared count go. Default: the process's logger. */
  warn?: (message: string) => void;
}

export const RATE_LIMIT_WINDOW_MS = 60_000;
const SWEEP_AT = 10_000;

/** How many of its admissions per key a process may make before a sync has confirmed them: 1 % of the limit, at least 1. */
export function unconfirmedCap(limit: number): number {
  return Math.max(1, Math.floor(limit / 100));
}

/** Unconfirmed admissions at which a background sync starts without waiting for the interval: half the cap. */
function flushThreshold(limit: number): number {
  return Math.max(1, Math.floor(unconfirmedCap(limit) / 2));
}

interface KeyWindow {
  /** Epoch ms: windows are fixed wall-clock minutes, the same in every process. */
  start: number;
  /** The window's total over all processes as returned by this process's latest sync (it includes its own). */
  known: number;
  /** Admitted here and not yet sent. */
  unsynced: number;
  /** Admitted here and in the sync in flight. */
  sending: number;
  lastSyncAt: number;
  flight?: Promise<void>;
}

/**
 * Fixed one-minute windows per key, shared by every process that syncs to the same store.
 *
 * Each process decides locally on `known + unsynced + sending` (the last total the store returned plus its own
 * admissions since), so a request costs no database round trip. A key's new admissions are added to the store in
 * the background when `syncIntervalMs` has passed since its last sync or when they reach half the unconfirmed cap,
 * and an idle key's leftovers follow on a timer; the store answers with the total, which becomes `known`.
 *
 * Over-admission bound: a process never holds more than `unconfirmedCap(limit)` (1 % of the limit, at least 1)
 * admissions for a key that no completed sync has confirmed. The request that would exceed that waits for the
 * sync in flight (the only time a request waits, and only while the key is busy enough to admit 1 % of its
 * budget faster than one round trip). So with P processes a window admits at most `limit + (P − 1) × cap`
 * requests: take the process whose last admission rests on the most recent sync; that sync's total held every
 * admission the others had confirmed, and each of them can have made at most `cap` more. Refusals are always
 * right (the local sum never exceeds the true total), so nothing is refused before the limit is reached. The bound holds while syncs succeed within `syncWaitMs`;
 * when the store fails (logged once until it works again) or is slower than that, each process falls back
 * to counting alone, i.e. up to P × limit.
 *
 * @example
 * const limiter = new RateLimiter({ sync: (key, start, n) => addToRateLimitWindow(db, key, start, n) });
 * await limiter.consume(apiKeyId, 6000); // { allowed: true, limit: 6000, remaining: 5999, resetSeconds: 37 }
 */
export class RateLimiter {
  private readonly sync: RateLimitSync | undefined;
  private readonly syncIntervalMs: number;
  private readonly syncWaitMs: number;
  private readonly warn: (message: string) => void;
  private readonly windows = new Map<string, KeyWindow>();
  /** Windows with unsynced admissions and no sync in flight, flushed by the timer once due. */
  private readonly dirty = new Map<string, KeyWindow>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failing = false;

  constructor(options: RateLimiterOptions = {}) {
    this.sync = options.sync;
    this.syncIntervalMs = options.syncIntervalMs ?? 250;
    this.syncWaitMs = options.syncWaitMs ?? 1000;
    this.warn = options.warn ?? ((message) => logger().warn(message));
  }

  /** Count one request for `key`; `limit` 0 disables limiting (returns `undefined`, no store work). */
  async consume(key: string, limit: number, now: number = Date.now()): Promise<RateLimitResult | undefined> {
    if (limit <= 0) return undefined;
    const window = this.windowFor(key, now);
    const resetSeconds = Math.max(1, Math.ceil((window.start + RATE_LIMIT_WINDOW_MS - now) / 1000));
    let alone = !this.sync;
    for (;;) {
      const used = window.known + window.unsynced + window.sending;
      if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
      if (alone || this.failing || window.unsynced + window.sending < unconfirmedCap(limit)) {
        window.unsynced++;
        if (this.sync) this.afterAdmission(key, window, limit, now);
        return { allowed: true, limit, remaining: limit - used - 1, resetSeconds };
      }
      alone = !(await this.confirmation(key, window, now));
    }
  }

  /** Forget every window and stop the timer (tests). Counts already in the store stay there. */
  reset(): void {
    this.windows.clear();
    this.dirty.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.failing = false;
  }

  private windowFor(key: string, now: number): KeyWindow {
    const start = now - (now % RATE_LIMIT_WINDOW_MS);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      // Admissions of an ended window that were never sent no longer limit anything: they are dropped.
      if (this.windows.size >= SWEEP_AT) this.sweep(start);
      window = { start, known: 0, unsynced: 0, sending: 0, lastSyncAt: -Infinity };
      this.windows.set(key, window);
      this.dirty.delete(key);
    }
    return window;
  }

  private afterAdmission(key: string, window: KeyWindow, limit: number, now: number): void {
    if (!window.flight && (window.unsynced >= flushThreshold(limit) || now - window.lastSyncAt >= this.syncIntervalMs)) void this.flush(key, window, now);
    else this.markDirty(key, window);
  }

  /** Resolves true once the sync in flight (started if none) has confirmed, false if it failed or took too long. */
  private confirmation(key: string, window: KeyWindow, now: number): Promise<boolean> {
    const flight = window.flight ?? this.flush(key, window, now);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.syncWaitMs)));
    return Promise.race([flight.then(() => !this.failing), late]).finally(() => clearTimeout(timer));
  }

  private flush(key: string, window: KeyWindow, now: number): Promise<void> {
    const count = window.unsynced;
    window.unsynced = 0;
    window.sending = count;
    window.lastSyncAt = now;
    this.dirty.delete(key);
    const sync = this.sync!;
    const flight = (async () => sync(key, new Date(window.start), count))()
      .then(
        (total) => {
          window.known = Math.max(window.known, total);
          window.sending = 0;
          if (this.failing) this.warn("[rate-limit] sharing request counts through the database again.");
          this.failing = false;
        },
        (error: unknown) => {
          window.unsynced += count;
          window.sending = 0;
          if (!this.failing) {
            this.warn(`[rate-limit] cannot share request counts through the database, so each process counts alone until it can: ${error instanceof Error ? error.message : String(error)}`);
          }
          this.failing = true;
        },
      )
      .finally(() => {
        window.flight = undefined;
        if (window.unsynced > 0) this.markDirty(key, window);
      });
    window.flight = flight;
    return flight;
  }

  /**
   * Send every count not yet shared, at once, and wait for all syncs in flight: at shutdown, before the database
   * closes, so the last requests' counts reach the other processes and no timer fires on a closed pool.
   */
  async flushAll(): Promise<void> {
    // Counts admitted while a sync was in flight are sent after it; a failing store gets three tries.
    for (let round = 0; round < 3; round++) {
      await Promise.allSettled([...this.windows.values()].map((window) => window.flight));
      clearTimeout(this.timer);
      this.timer = undefined;
      const unsent = [...this.windows].filter(([, window]) => window.unsynced > 0 && !window.flight);
      if (unsent.length === 0) return;
      const now = Date.now();
      await Promise.allSettled(unsent.map(([key, window]) => this.flush(key, window, now)));
    }
  }

  private markDirty(key: string, window: KeyWindow): void {
    if (window.flight || this.windows.get(key) !== window) return;
    this.dirty.set(key, window);
    this.timer ??= setTimeout(() => this.flushDue(), this.syncIntervalMs);
    this.timer.unref?.();
  }

  private flushDue(): void {
    this.timer = undefined;
    const now = Date.now();
    let next = Infinity;
    for (const [key, window] of this.dirty) {
      const due = window.lastSyncAt + this.syncIntervalMs;
      if (due <= now) void this.flush(key, window, now);
      else next = Math.min(next, due);
    }
    if (this.dirty.size > 0) {
      this.timer = setTimeout(() => this.flushDue(), Math.max(1, Math.min(next, now + this.syncIntervalMs) - now));
      this.timer.unref?.();
    }
  }

  private sweep(currentStart: number): void {
    for (const [key, window] of this.windows) {
      if (window.start < currentStart) {
        this.windows.delete(key);
        this.dirty.delete(key);
      }
    }
  }
}
