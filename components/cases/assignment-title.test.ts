import { describe, expect, it } from "vitest";
import { assignmentTitle } from "./assignment-title";

const names: Record<string, string> = { u1: "Rita", u2: "Sam" };
const nameOf = (id: string) => names[id] ?? id;

describe("assignmentTitle", () => {
  it("names a claim and a release plainly", () => {
    expect(assignmentTitle({ from: null, to: "u1" }, nameOf)).toBe("Assigned to Rita");
    expect(assignmentTitle({ from: "u1", to: null }, nameOf)).toBe("Unassigned");
  });

  it("names both people and the reason of a reassignment", () => {
    expect(assignmentTitle({ from: "u1", to: "u2", reason: "Rita is on leave" }, nameOf)).toBe("Reassigned from Rita to Sam — “Rita is on leave”");
    expect(assignmentTitle({ from: "u1", to: null, reason: "Back to the pool" }, nameOf)).toBe("Unassigned from Rita — “Back to the pool”");
  });

  it("names the mode and the queue of an automatic assignment", () => {
    expect(assignmentTitle({ from: null, to: "u2", mode: "round_robin", queueName: "KYB review" }, nameOf)).toBe("Assigned to Sam automatically (round robin, queue “KYB review”)");
    expect(assignmentTitle({ from: null, to: "u1", mode: "least_loaded" }, nameOf)).toBe("Assigned to Rita automatically (least loaded)");
  });
});
