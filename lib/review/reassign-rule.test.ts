import { describe, expect, it } from "vitest";
import { needsReassignReason } from "./reassign-rule";

describe("needsReassignReason", () => {
  it("asks for a reason only when the case leaves the person who holds it, other than by their own release", () => {
    expect(needsReassignReason({ assigneeId: null }, "rita", "rita")).toBe(false);
    expect(needsReassignReason({ assigneeId: null }, "admin", "sam")).toBe(false);
    expect(needsReassignReason({ assigneeId: "rita" }, "rita", null)).toBe(false);
    expect(needsReassignReason({ assigneeId: "rita" }, "rita", "rita")).toBe(false);
    expect(needsReassignReason({ assigneeId: "rita" }, "rita", "sam")).toBe(true);
    expect(needsReassignReason({ assigneeId: "rita" }, "admin", "sam")).toBe(true);
    expect(needsReassignReason({ assigneeId: "rita" }, "admin", "admin")).toBe(true);
    expect(needsReassignReason({ assigneeId: "rita" }, "admin", null)).toBe(true);
  });
});
