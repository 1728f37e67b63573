import { z } from "zod";

/** Knobs of system webhook delivery, read by the process that enqueues (timeout → lease) and the worker. */
export interface DeliveryOptions {
  /** Whole-attempt timeout (connect, response, body). Default 10 s; `WEBHOOK_TIMEOUT_MS`. */
  timeoutMs: number;
  /**
   * Multiplies the retry schedule (not `Retry-After`): 1 in production, e.g. 0.001 in tests so a
   * five-attempt story takes milliseconds. `WEBHOOK_RETRY_SCALE`.
   */
  retryScale: number;
}

const schema = z.object({
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_RETRY_SCALE: z.coerce.number().gt(0).max(1).default(1),
});

/** A job's lease must outlive its attempt: the timeout plus this margin for signing and bookkeeping. */
export const LEASE_MARGIN_MS = 10_000;

/**
 * The delivery options from the environment, read on every call (cheap; tests change them between files).
 * These live here rather than in lib/config/env.ts because they only tune this module; an invalid value
 * throws a message naming the variable.
 */
export function deliveryOptions(source: Record<string, string | undefined> = process.env): DeliveryOptions {
  const parsed = schema.safeParse({
    WEBHOOK_TIMEOUT_MS: source.WEBHOOK_TIMEOUT_MS || undefined,
    WEBHOOK_RETRY_SCALE: source.WEBHOOK_RETRY_SCALE || undefined,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid webhook delivery configuration: ${lines}`);
  }
  return { timeoutMs: parsed.data.WEBHOOK_TIMEOUT_MS, retryScale: parsed.data.WEBHOOK_RETRY_SCALE };
}
