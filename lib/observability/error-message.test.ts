import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { errorMessage, errorStack } from "./logger";

describe("errorMessage", () => {
  it("gives a failed query's database reason and SQLSTATE, never its statement or parameters", () => {
    const cause = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    const error = new DrizzleQueryError("update workflow_runtimes set context = $1", ['{"email":"jane@example.com"}'], cause);
    const message = errorMessage(error);
    expect(message).toBe("query failed: deadlock detected (SQLSTATE 40P01)");
    expect(message).not.toContain("jane@example.com");
    expect(message).not.toContain("workflow_runtimes");
  });

  it("gives other errors' messages, and the text of a thrown non-error", () => {
    expect(errorMessage(new Error("HTTP 500"))).toBe("HTTP 500");
    expect(errorMessage("boom")).toBe("boom");
  });

  it("gives a stack's frames without the message lines a failed query's parameters are in", () => {
    const error = new DrizzleQueryError("select $1", ["jane@example.com"], new Error("boom"));
    const stack = errorStack(error)!;
    expect(stack).toMatch(/^ {4}at /);
    expect(stack).not.toContain("jane@example.com");
    expect(errorStack("not an error")).toBeUndefined();
  });
});
