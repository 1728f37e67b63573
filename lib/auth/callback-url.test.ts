import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./callback-url";

describe("safeCallbackUrl", () => {
  it.each([
    ["/queues/q1?page=2", "/queues/q1?page=2"],
    ["/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["/x\r\nSet-Cookie: a=1", "/"],
    ["", "/"],
    [null, "/"],
    [`/${"a".repeat(2_001)}`, "/"],
    [`/${"a".repeat(2_000)}`, "/"],
    [`/${"a".repeat(1_999)}`, `/${"a".repeat(1_999)}`],
  ])("%s → %s", (raw, expected) => {
    expect(safeCallbackUrl(raw)).toBe(expected);
  });
});
