import { deliveryOptions, LEASE_MARGIN_MS } from "./delivery-options";

/**
 * Payload of a `webhook_delivery` outbox job. The event itself lives in `webhook_deliveries` (one row per
 * event and subscription), so the job only points at it; `leaseMs` is how long a claiming worker owns it.
 */
export interface DeliveryJobPayload {
  deliveryId: string;
  timeoutMs: number;
  leaseMs: number;
}

export function deliveryJobPayload(deliveryId: string, timeoutMs = deliveryOptions().timeoutMs): DeliveryJobPayload {
  return { deliveryId, timeoutMs, leaseMs: timeoutMs + LEASE_MARGIN_MS };
}

/** The job payload, tolerating jobs written before a field existed. */
export function readDeliveryJobPayload(payload: Record<string, unknown>): DeliveryJobPayload | null {
  if (typeof payload.deliveryId !== "string") return null;
  const timeoutMs = typeof payload.timeoutMs === "number" ? payload.timeoutMs : deliveryOptions().timeoutMs;
  return { deliveryId: payload.deliveryId, timeoutMs, leaseMs: typeof payload.leaseMs === "number" ? payload.leaseMs : timeoutMs + LEASE_MARGIN_MS };
}
