import { describe, expect, it } from "vitest";
import { acceptedEvents } from "./accepted-events";
import { applyEvent } from "./apply-event";
import { compileWorkflow } from "./compile-workflow";
import { EventNotAcceptedError } from "./errors";
import { startWorkflow } from "./start-workflow";
import { exampleInCheck, tinyDefinition, vendor } from "../../tests/support/engine-fixtures";
import { applyPluginResult } from "./apply-plugin-result";
import type { StateJson } from "./types";

/** idle --go--> candidates on `context.score`, written with the given cond placement. */
function scoreChart(placement: "rule" | "options.rule"): Record<string, StateJson> {
  const rule = { ">=": [{ var: "context.score" }, 10] };
  const cond = placement === "rule" ? { type: "json-logic", rule } : { type: "json-logic", options: { rule } };
  return {
    idle: { on: { go: [{ target: "high", cond }, { target: "low" }] } },
    high: { type: "final", tags: ["approved"] },
    low: { type: "final", tags: ["rejected"] },
  };
}

describe("applyEvent: conditions", () => {
  for (const placement of ["rule", "options.rule"] as const) {
    it(`evaluates a json-logic rule placed at cond.${placement}`, () => {
      const compiled = compileWorkflow(tinyDefinition(scoreChart(placement)));
      const high = applyEvent(compiled, startWorkflow(compiled, { score: 12 }).snapshot, { type: "go", origin: "api" });
      const low = applyEvent(compiled, startWorkflow(compiled, { score: 3 }).snapshot, { type: "go", origin: "api" });
      expect(high.snapshot.state).toBe("high");
      expect(low.snapshot.state).toBe("low");
    });
  }

  it("skips a candidate whose rule throws and reports a cond_error diagnostic", () => {
    // missing_some with a missing options list throws inside json-logic-js ("reading 'length'").
    const throwing = { type: "json-logic", rule: { missing_some: [1, { var: "context.options" }] } };
    const compiled = compileWorkflow(tinyDefinition({ idle: { on: { go: [{ target: "a", cond: throwing }, { target: "b" }] } }, a: {}, b: {} }));
    const result = applyEvent(compiled, startWorkflow(compiled, {}).snapshot, { type: "go", origin: "api" });
    expect(result.snapshot.state).toBe("b");
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ kind: "cond_error", state: "idle", event: "go", candidateIndex: 0 });
    expect((result.diagnostics[0] as { message: string }).message).toMatch(/length/);
  });

  it("stays put (no error) when the event is handled but every cond fails", () => {
    const cond = { type: "json-logic", rule: { "==": [1, 2] } };
    const compiled = compileWorkflow(tinyDefinition({ idle: { on: { go: { target: "next", cond } } }, next: {} }));
    const start = startWorkflow(compiled, {}).snapshot;
    const result = applyEvent(compiled, start, { type: "go", origin: "api" });
    expect(result.changed).toBe(false);
    expect(result.transitioned).toBe(false);
    expect(result.snapshot).toBe(start);
    expect(result.effects).toEqual([]);
    expect(result.diagnostics.map((d) => d.kind)).toEqual(["no_transition"]);
  });

  it("lets rules read the event payload as `event.<path>` without merging it into context", () => {
    const cond = { type: "json-logic", rule: { "==": [{ var: "event.decision" }, "yes"] } };
    const compiled = compileWorkflow(tinyDefinition({ idle: { on: { go: [{ target: "yes", cond }, { target: "no" }] } }, yes: {}, no: {} }));
    const start = startWorkflow(compiled, { a: 1 }).snapshot;
    const result = applyEvent(compiled, start, { type: "go", origin: "api", payload: { decision: "yes" } });
    expect(result.snapshot.state).toBe("yes");
    expect(result.snapshot.context).toEqual({ a: 1 });
    expect(result.contextChanged).toBe(false);
  });
});

describe("applyEvent: manual review reason", () => {
  const cond = (onFailedAt: "cond" | "options") => {
    const rule = { ">=": [{ var: "context.score" }, 0.8] };
    const onFailed = { manualReviewReason: "score below 0.8" };
    return onFailedAt === "cond" ? { type: "json-logic", rule, onFailed } : { type: "json-logic", rule, options: { onFailed } };
  };
  const chart = (onFailedAt: "cond" | "options"): Record<string, StateJson> => ({
    idle: { on: { check: [{ target: "ok", cond: cond(onFailedAt) }, { target: "review" }] } },
    ok: { type: "final", tags: ["approved"] },
    review: { tags: ["manual_review"], on: { approve: "ok" } },
  });

  for (const placement of ["cond", "options"] as const) {
    it(`records onFailed.manualReviewReason placed in ${placement === "cond" ? "cond" : "cond.options"}`, () => {
      const compiled = compileWorkflow(tinyDefinition(chart(placement)));
      const result = applyEvent(compiled, startWorkflow(compiled, { score: 0.2 }).snapshot, { type: "check", origin: "system" });
      expect(result.snapshot).toMatchObject({ state: "review", manualReviewReason: "score below 0.8", tags: ["manual_review"] });
    });
  }

  it("does not record a reason when the target is not a manual_review state", () => {
    const def = tinyDefinition(chart("options"));
    def.definition.states.review.tags = [];
    const compiled = compileWorkflow(def);
    const result = applyEvent(compiled, startWorkflow(compiled, { score: 0.2 }).snapshot, { type: "check", origin: "system" });
    expect(result.snapshot.state).toBe("review");
    expect(result.snapshot.manualReviewReason).toBeNull();
  });
});

describe("applyEvent: events a state does not accept", () => {
  it("does not let callers send the engine's internal force-state events", () => {
    const { compiled, snapshot } = exampleInCheck();
    expect(() => applyEvent(compiled, snapshot, { type: "@@engine/goto:approve", origin: "api" })).toThrow(EventNotAcceptedError);
  });

  it("rejects a snapshot whose state the definition does not have", () => {
    const { compiled, snapshot } = exampleInCheck();
    expect(() => applyEvent(compiled, { ...snapshot, state: "legacy_state" }, { type: "start", origin: "api" })).toThrow(
      expect.objectContaining({ code: "snapshot_state_unknown", status: 409 }),
    );
  });


  it("throws event_not_accepted naming what the state accepts", () => {
    const { compiled, snapshot } = exampleInCheck();
    const review = applyPluginResult(compiled, snapshot, { pluginName: "external_request_example", expectedState: "check_business_details", ok: true, data: vendor(0.7) }).snapshot;
    let caught: unknown;
    try {
      applyEvent(compiled, review, { type: "aprove", origin: "reviewer" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EventNotAcceptedError);
    const error = caught as EventNotAcceptedError;
    expect(error.message).toBe("state 'manual_review' does not accept event 'aprove'; it accepts: approve, reject, revision");
    expect(error).toMatchObject({ code: "event_not_accepted", status: 409, accepted: ["approve", "reject", "revision"], state: "manual_review", event: "aprove" });
    expect(acceptedEvents(compiled, review)).toEqual(["approve", "reject", "revision"]);
  });

  it("refuses every event once the workflow completed", () => {
    const { compiled, snapshot } = exampleInCheck();
    const done = applyPluginResult(compiled, snapshot, { pluginName: "external_request_example", expectedState: "check_business_details", ok: true, data: vendor(1) }).snapshot;
    expect(() => applyEvent(compiled, done, { type: "approve", origin: "reviewer" })).toThrow(/completed.*start a new workflow run/);
    expect(acceptedEvents(compiled, done)).toEqual([]);
  });

  it("explains that a state waiting for a plugin accepts no events", () => {
    const { compiled, snapshot } = exampleInCheck();
    expect(() => applyEvent(compiled, snapshot, { type: "approve", origin: "api" })).toThrow(
      "state 'check_business_details' does not accept event 'approve'; it accepts: API_CALL_SUCCESS, API_CALL_ERROR",
    );
  });
});

describe("applyEvent: final outcomes", () => {
  const chart: Record<string, StateJson> = {
    idle: { on: { ok: "passed", ko: "failed", done: "closed", forced: "overridden" } },
    passed: { type: "final", tags: ["approved"] },
    failed: { type: "final", tags: ["rejected"] },
    closed: { type: "final" },
    overridden: { type: "final", tags: ["approved"], meta: { outcome: "auto_rejected" } },
  };
  const compiled = compileWorkflow(tinyDefinition(chart));
  const start = startWorkflow(compiled, {}).snapshot;
  const outcome = (type: string, origin: "api" | "reviewer" | "system" | "plugin") => applyEvent(compiled, start, { type, origin }).snapshot.workflowFinalState;

  it("a person's decision (api/reviewer) gives approved/rejected", () => {
    expect(outcome("ok", "api")).toBe("approved");
    expect(outcome("ko", "reviewer")).toBe("rejected");
  });

  it("a system or plugin decision gives auto_approved/auto_rejected", () => {
    expect(outcome("ok", "system")).toBe("auto_approved");
    expect(outcome("ko", "plugin")).toBe("auto_rejected");
  });

  it("meta.outcome overrides the tags; an untagged final state has no outcome", () => {
    expect(outcome("forced", "reviewer")).toBe("auto_rejected");
    const closed = applyEvent(compiled, start, { type: "done", origin: "api" }).snapshot;
    expect(closed.status).toBe("completed");
    expect(closed.workflowFinalState).toBeNull();
  });
});
