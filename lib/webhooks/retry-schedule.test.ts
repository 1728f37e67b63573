import { describe, expect, it } from "vitest";
import { classifyAttempt } from "./attempt-outcome";
import { OutboundError } from "../net/errors";
import { MAX_DELIVERY_ATTEMPTS, MAX_RETRY_AFTER_MS, nextRetryDelayMs, RETRY_SCHEDULE_MS } from "./retry-schedule";
import { deliveryOptions } from "./delivery-options";

const mid = () => 0.5;

describe("retry schedule", () => {
  it("is 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, 24 h: eleven attempts over almost two days", () => {
    const s = 1000;
    expect(RETRY_SCHEDULE_MS).toEqual([5 * s, 30 * s, 120 * s, 600 * s, 1800 * s, 3600 * s, 3 * 3600 * s, 6 * 3600 * s, 12 * 3600 * s, 24 * 3600 * s]);
    expect(MAX_DELIVERY_ATTEMPTS).toBe(11);
    const span = RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(span).toBeGreaterThan(24 * 3600 * s);
    expect(span).toBe(((46 * 60 + 42) * 60 + 35) * s);
    expect(Array.from({ length: 10 }, (_, i) => nextRetryDelayMs(i + 1, { scale: 1, random: mid }))).toEqual(RETRY_SCHEDULE_MS);
    expect(nextRetryDelayMs(11, { scale: 1, random: mid })).toBeNull();
  });

  it("jitters each delay within ±10% and scales the schedule for tests", () => {
    expect(nextRetryDelayMs(1, { scale: 1, random: () => 0 })).toBe(4500);
    expect(nextRetryDelayMs(1, { scale: 1, random: () => 1 })).toBe(5500);
    expect(nextRetryDelayMs(3, { scale: 0.01, random: mid })).toBe(1200);
    const spread = new Set(Array.from({ length: 50 }, () => nextRetryDelayMs(2, { scale: 1 })));
    expect(spread.size).toBeGreaterThan(10);
    for (const d of spread) expect(d! >= 27_000 && d! <= 33_000).toBe(true);
  });

  it("lets Retry-After (seconds or HTTP date) replace the delay, unscaled and capped at 24 h", () => {
    expect(nextRetryDelayMs(1, { scale: 0.001, retryAfter: "120" })).toBe(120_000);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(nextRetryDelayMs(1, { scale: 1, retryAfter: "Thu, 01 Jan 2026 00:01:00 GMT", now })).toBe(60_000);
    expect(nextRetryDelayMs(1, { scale: 1, retryAfter: "999999" })).toBe(MAX_RETRY_AFTER_MS);
    expect(nextRetryDelayMs(1, { scale: 1, retryAfter: "soon", random: mid })).toBe(5000);
    expect(nextRetryDelayMs(11, { scale: 1, retryAfter: "1" })).toBeNull();
  });

  it("reads WEBHOOK_TIMEOUT_MS and WEBHOOK_RETRY_SCALE, refusing nonsense", () => {
    expect(deliveryOptions({})).toEqual({ timeoutMs: 10_000, retryScale: 1 });
    expect(deliveryOptions({ WEBHOOK_TIMEOUT_MS: "2500", WEBHOOK_RETRY_SCALE: "0.01" })).toEqual({ timeoutMs: 2500, retryScale: 0.01 });
    expect(() => deliveryOptions({ WEBHOOK_RETRY_SCALE: "0" })).toThrow(/WEBHOOK_RETRY_SCALE/);
  });
});

describe("classifyAttempt", () => {
  const policy = { scale: 1, random: mid };
  const response = (status: number, headers: Record<string, string> = {}) => ({ response: { status, headers } });

  it("succeeds on 2xx only", () => {
    for (const status of [200, 201, 202, 204, 299]) expect(classifyAttempt(response(status), 1, policy).status).toBe("succeeded");
    for (const status of [100, 301, 400, 401, 404, 429, 500, 503]) expect(classifyAttempt(response(status), 1, policy).status).toBe("retrying");
  });

  it("does not follow a 3xx, disables on 410, honours Retry-After, gives up after the last attempt", () => {
    expect(classifyAttempt(response(302, { location: "https://elsewhere.example/" }), 1, policy)).toMatchObject({
      errorCode: "redirect_not_followed",
      error: expect.stringContaining("Location: https://elsewhere.example/"),
      retryInMs: 5000,
    });
    expect(classifyAttempt(response(410), 1, policy)).toMatchObject({ status: "disabled", responseCode: 410, errorCode: "gone", retryInMs: null });
    expect(classifyAttempt(response(429, { "retry-after": "7" }), 3, policy)).toMatchObject({ status: "retrying", retryInMs: 7000 });
    expect(classifyAttempt(response(500), MAX_DELIVERY_ATTEMPTS, policy)).toMatchObject({ status: "failed", responseCode: 500, error: expect.stringContaining("gave up after 11 attempts") });
  });

  it("fails a refused destination at once and retries timeouts and network errors", () => {
    const refused = new OutboundError("destination_not_allowed", "refused to connect to 10.0.0.1:80");
    expect(classifyAttempt({ error: refused }, 1, policy)).toMatchObject({ status: "failed", errorCode: "destination_not_allowed", error: expect.stringMatching(/^destination_not_allowed: /) });
    expect(classifyAttempt({ error: new OutboundError("timeout", "no answer in 10000 ms") }, 2, policy)).toMatchObject({ status: "retrying", errorCode: "timeout", retryInMs: 30_000 });
    expect(classifyAttempt({ error: new OutboundError("network_error", "ECONNRESET") }, 1, policy)).toMatchObject({ status: "retrying", errorCode: "network_error" });
    expect(classifyAttempt({ error: new Error("boom") }, 1, policy)).toMatchObject({ status: "retrying", errorCode: "delivery_error" });
  });
});
