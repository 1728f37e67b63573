import { describe, expect, it } from "vitest";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import { applyDecision, type ReviewRecord } from "./apply-decision";
import { compileWorkflow } from "./compile-workflow";
import { EventNotAcceptedError } from "./errors";
import { startWorkflow } from "./start-workflow";

// A reviewer's decision is the event of its name, sent by the reviewer with the reason as its payload.
const compiled = compileWorkflow(
  tinyDefinition({
    manual_review: {
      on: {
        approve: { target: "approved" },
        // A rejection needs a reason: the decision's reason is the event's payload.
        reject: { target: "rejected", cond: { type: "json-logic", rule: { "!!": [{ var: "event.reason" }] } } },
      },
    },
    approved: { type: "final" },
    rejected: { type: "final" },
  }),
);
const start = () => startWorkflow(compiled, { entity: { id: "e1" } }).snapshot;
const review = (decision: string, reason: string | null): ReviewRecord => ({ decision, reason, reviewerId: "u1", at: "2026-11-24T10:00:00Z" });

describe("applyDecision", () => {
  it("moves the workflow as the decision's event does and records the review in the context, keeping the rest", () => {
    const result = applyDecision(compiled, start(), review("approve", null));
    expect(result.snapshot).toMatchObject({ state: "approved", status: "completed" });
    expect(result.snapshot.context).toEqual({ entity: { id: "e1" }, review: review("approve", null) });
    expect([result.transitioned, result.contextChanged]).toEqual([true, true]);
  });

  it("passes the reason to the event's conds; a decision whose conds all fail moves nothing and records nothing", () => {
    const snapshot = start();
    const refused = applyDecision(compiled, snapshot, review("reject", null));
    expect(refused.snapshot).toEqual(snapshot);
    expect([refused.changed, refused.transitioned, refused.contextChanged]).toEqual([false, false, false]);
    expect(refused.diagnostics).toEqual([expect.objectContaining({ kind: "no_transition", event: "reject" })]);

    const rejected = applyDecision(compiled, snapshot, review("reject", "documents forged"));
    expect(rejected.snapshot.state).toBe("rejected");
    expect(rejected.snapshot.context.review).toEqual(review("reject", "documents forged"));
  });

  it("refuses a decision the state does not handle, like any event", () => {
    expect(() => applyDecision(compiled, start(), review("escalate", null))).toThrow(EventNotAcceptedError);
  });
});
