import { describe, expect, it } from "vitest";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import { thrown } from "../../tests/support/thrown";
import { applyEvent } from "./apply-event";
import { compileWorkflow } from "./compile-workflow";
import { stateOrThrow } from "./compiled-workflow";
import { enterState } from "./enter-state";
import { EventNotAcceptedError, type EngineError } from "./errors";
import { startWorkflow } from "./start-workflow";
import { toDottedPath, toStateValue } from "./state-value";

// What a step tells its caller when it cannot move as asked: the messages and lists a client acts on.
const compiled = compileWorkflow(
  tinyDefinition({
    idle: { on: { go: { target: "review", cond: { type: "json-logic", rule: { "==": [{ var: "context.ready" }, true] } } }, finish: "done" } },
    review: { initial: "pending", states: { pending: { on: { escalate: "senior" } }, senior: { states: { pending: {} }, initial: "pending" } } },
    done: { type: "final" },
  }),
);
const start = () => startWorkflow(compiled, { ready: false }).snapshot;

describe("step refusals", () => {
  it("an event whose conds all fail leaves a no_transition diagnostic saying where the workflow stays", () => {
    const result = applyEvent(compiled, start(), { type: "go", origin: "api" });
    expect(result.snapshot.state).toBe("idle");
    expect(result.diagnostics).toContainEqual({
      kind: "no_transition",
      state: "idle",
      event: "go",
      message: "state 'idle' handles 'go' but no candidate's cond passed; the workflow stays in 'idle'",
    });
  });

  it("a completed workflow refuses every event, listing none as accepted", () => {
    const done = applyEvent(compiled, start(), { type: "finish", origin: "api" }).snapshot;
    const error = thrown<EngineError>(() => applyEvent(compiled, done, { type: "go", origin: "api" })) as EventNotAcceptedError;
    expect(error).toBeInstanceOf(EventNotAcceptedError);
    expect(error.accepted).toEqual([]);
    expect(error.message).toMatch(/has completed in state 'done'/);
  });

  it("a snapshot in a state the definition does not have names the workflow, its version and its states", () => {
    const error = thrown<EngineError>(() => stateOrThrow(compiled, "gone"));
    expect(error.code).toBe("snapshot_state_unknown");
    expect(error.message).toBe(
      "state 'gone' does not exist in workflow 'tiny' v1; known states: idle, review, review.pending, review.senior, review.senior.pending, done — apply events with the definition version that created the snapshot",
    );
  });

  it("a forced move to an unknown state lists every state; to a name several states share, lists those paths", () => {
    const unknown = thrown<EngineError>(() => enterState(compiled, start(), "nowhere", "reviewer"));
    expect(unknown.message).toBe("state 'nowhere' does not exist in this workflow definition; use one of: idle, review, review.pending, review.senior, review.senior.pending, done");
    const ambiguous = thrown<EngineError>(() => enterState(compiled, start(), "pending", "reviewer"));
    expect(ambiguous.message).toBe("several states are named 'pending'; use the path of one: review.pending, review.senior.pending");
    expect(enterState(compiled, start(), "review.senior.pending", "reviewer").snapshot.state).toBe("review.senior.pending");
  });
});

describe("state values", () => {
  it("turn dotted paths into XState values and back", () => {
    expect(toStateValue("review.senior.pending")).toEqual({ review: { senior: "pending" } });
    expect(toStateValue("idle")).toBe("idle");
    expect(toStateValue("review.senior.pending")).toEqual({ review: { senior: "pending" } });
    expect(toDottedPath({ review: { senior: "pending" } })).toBe("review.senior.pending");
    expect(toDottedPath({ review: {} })).toBe("review");
    expect(toDottedPath("idle")).toBe("idle");
    expect(() => toDottedPath({ a: "x", b: "y" })).toThrow(/parallel state values are not supported/);
  });
});
