import { describe, expect, it } from "vitest";
import { backoffDelay, retryAfterMs } from "./backoff";

const policy = { initialDelayMs: 1_000, maxDelayMs: 30_000 };
const lowest = () => 0;
const highest = () => 1;

describe("backoffDelay", () => {
  it("waits between half and all of the initial delay after the first attempt", () => {
    expect(backoffDelay(1, policy, lowest)).toBe(500);
    expect(backoffDelay(1, policy, highest)).toBe(1_000);
    expect(backoffDelay(1, policy, () => 0.5)).toBe(750);
  });

  it("doubles the window with each attempt", () => {
    const windows = [1, 2, 3, 4, 5].map((attempt) => [backoffDelay(attempt, policy, lowest), backoffDelay(attempt, policy, highest)]);
    expect(windows).toEqual([
      [500, 1_000],
      [1_000, 2_000],
      [2_000, 4_000],
      [4_000, 8_000],
      [8_000, 16_000],
    ]);
  });

  it("never waits longer than maxDelayMs, and at least half of it once capped", () => {
    for (const attempt of [6, 7, 10, 30, 100]) {
      expect(backoffDelay(attempt, policy, highest)).toBe(30_000);
      expect(backoffDelay(attempt, policy, lowest)).toBe(15_000);
    }
  });

  it("stays in its window with the real random source", () => {
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelay(3, policy);
      expect(delay).toBeGreaterThanOrEqual(2_000);
      expect(delay).toBeLessThanOrEqual(4_000);
      expect(Number.isInteger(delay)).toBe(true);
    }
  });

  it("treats attempt 0 like the first attempt", () => {
    expect(backoffDelay(0, policy, highest)).toBe(1_000);
    expect(backoffDelay(0, policy, lowest)).toBe(500);
  });

  it("uses the policy it is given: the webhook plugins' defaults (2 s up to 10 minutes)", () => {
    const webhook = { initialDelayMs: 2_000, maxDelayMs: 600_000 };
    expect(backoffDelay(1, webhook, highest)).toBe(2_000);
    expect(backoffDelay(8, webhook, highest)).toBe(256_000);
    expect(backoffDelay(12, webhook, highest)).toBe(600_000);
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2030-01-01T00:00:00Z");

  it("reads seconds", () => {
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("0", now)).toBe(0);
    expect(retryAfterMs("1.5", now)).toBe(1_500);
  });

  it("reads an HTTP-date as the time left until it, never negative", () => {
    expect(retryAfterMs("Tue, 01 Jan 2030 00:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Mon, 31 Dec 2029 23:59:00 GMT", now)).toBe(0);
  });

  it("never asks for a negative wait, whatever the header says", () => {
    for (const header of ["-5", "-0.5", "Thu, 01 Jan 1970 00:00:00 GMT"]) expect(retryAfterMs(header, now) ?? 0).toBeGreaterThanOrEqual(0);
  });

  it("is undefined without a header or with one that is neither", () => {
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs("", now)).toBeUndefined();
    expect(retryAfterMs("soon", now)).toBeUndefined();
  });
});
