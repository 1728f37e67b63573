import { afterEach, describe, expect, it } from "vitest";
import { logger, setLogDestination, unredactedLogger } from "./logger";

function capture(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  setLogDestination({ write: (chunk: string) => void lines.push(...chunk.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)) });
  return lines;
}

afterEach(() => setLogDestination(undefined));

describe("logger", () => {
  it("redacts credentials, context and personal data at the top level and one object down", () => {
    const lines = capture();
    logger().info({ email: "ada@example.com", apiKey: "kyc_x", caller: { password: "p", id: "u1" }, context: { name: "Ada" } }, "m");
    expect(lines[0]).toMatchObject({ email: "[redacted]", apiKey: "[redacted]", caller: { password: "[redacted]", id: "u1" }, context: "[redacted]", msg: "m" });
  });

  it("the unredacted logger writes a request line as the redacting one would, to the same destination, at the same level", () => {
    const lines = capture();
    const line = { requestId: "r1", method: "GET", route: "/api/health", status: 200, durationMs: 1.5, projectId: "p1", caller: "api_key:k1", traceId: "t1" };
    logger().info(line, "request");
    unredactedLogger().info(line, "request");
    unredactedLogger().debug(line, "below the level");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({ ...lines[0], time: lines[1].time });
  });

  it("follows a new destination", () => {
    capture();
    const before = unredactedLogger();
    const lines = capture();
    expect(unredactedLogger()).not.toBe(before);
    unredactedLogger().info({ requestId: "r2" }, "request");
    expect(lines).toHaveLength(1);
  });
});
