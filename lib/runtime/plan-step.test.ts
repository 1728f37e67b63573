import { describe, expect, it } from "vitest";
import { applyEvent, cancelWorkflow, compileWorkflow, replaceContext, startWorkflow, type TransitionResult } from "../engine";
import type { WorkflowDefinition, WorkflowRuntime } from "../db/schema";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import { planStep, type StepCause } from "./plan-step";
import { snapshotOf } from "./snapshot";

const input = tinyDefinition({
  // The first guard runs out of its work budget on a long list: a cond_error, and the next candidate is taken.
  idle: { on: { go: [{ target: "done", cond: { type: "json-logic", rule: { reduce: [{ var: "context.items" }, { cat: [{ var: "accumulator" }, { var: "accumulator" }] }, "ab"] } } }, { target: "review" }], wait: "waiting" } },
  gate: { on: { check: [{ target: "review", cond: { type: "json-logic", rule: { "==": [1, 2] } } }] } },
  waiting: { after: { PT1H: "review" }, on: { wake: "review" } },
  review: { tags: ["manual_review"], on: { approve: "done" } },
  done: { type: "final" },
});
const compiled = compileWorkflow(input);
const definition = { row: { id: "tiny", version: 1, config: { x: 1 } } as unknown as WorkflowDefinition, compiled };
const actor = { type: "api_key" as const, id: "key-1" };

function runtimeIn(state: string, status: WorkflowRuntime["status"] = "active"): WorkflowRuntime {
  return { id: "00000000-0000-4000-8000-000000000001", projectId: "p", state, status, tags: [], context: { a: 1 }, manualReviewReason: null, workflowFinalState: null, eventSeq: 0, version: 1 } as unknown as WorkflowRuntime;
}

const plan = (runtime: WorkflowRuntime, result: TransitionResult, cause: Partial<StepCause> = {}) =>
  planStep({ runtime, definition, result, cause: { eventName: "go", actor, ...cause } });

describe("planStep: the rows one step writes", () => {
  it("a transition: its history row, the update with its events, nothing canceled or resolved", () => {
    const runtime = runtimeIn("idle");
    const p = plan(runtime, applyEvent(compiled, { ...startWorkflow(compiled, { a: 1 }).snapshot }, { type: "wait", origin: "api" }), { eventName: "wait", payload: { why: "x" } });
    expect(p.history.find((h) => h.kind === "transition")).toMatchObject({ eventName: "wait", payload: { why: "x" }, fromState: "idle", toState: "waiting", actorType: "api_key", actorId: "key-1", runtimeId: runtime.id });
    expect(p.update).toMatchObject({ runtimeId: runtime.id, resolved: false, versionMoves: true });
    expect(p.update!.eventCount).toBe(p.change!.events.length);
    expect(p.change).toMatchObject({ before: runtime, eventName: "wait", definitionConfig: { x: 1 } });
    expect(p.cancelsPluginJobs).toBe(false);
    // The state's timer starts and earlier ones are voided, keeping the job the step completes.
    expect(p.jobs.some((j) => j.kind === "timer")).toBe(true);
    expect(p.voidTimers).toMatchObject({ runtimeId: runtime.id, exceptJobId: null });
    expect(plan(runtime, applyEvent(compiled, startWorkflow(compiled, { a: 1 }).snapshot, { type: "wait", origin: "api" }), { completesJob: { id: 7, lockedBy: "w" } }).voidTimers?.exceptJobId).toBe(7);
  });

  it("sends the context only when the step changed it: an event keeps the stored one, a new context is written", () => {
    const runtime = runtimeIn("idle");
    const moved = plan(runtime, applyEvent(compiled, snapshotOf(runtime), { type: "wait", origin: "api" }), { eventName: "wait" });
    expect(moved.update).toMatchObject({ versionMoves: true, keepsContext: true });
    const patched = plan(runtime, replaceContext(compiled, snapshotOf(runtime), { ...runtime.context, b: 2 }), { eventName: "patch" });
    expect(patched.update).toMatchObject({ versionMoves: true, keepsContext: false });
    expect(patched.update!.snapshot.context).toEqual({ a: 1, b: 2 });
  });

  it("records a guard that failed to evaluate as a cond_error row, and takes the next candidate", () => {
    const p = plan(runtimeIn("idle"), applyEvent(compiled, startWorkflow(compiled, { items: Array.from({ length: 64 }, (_, i) => i) }).snapshot, { type: "go", origin: "api" }));
    expect(p.history.map((h) => h.kind)).toEqual(["cond_error", "transition"]);
    expect(p.history[0]).toMatchObject({ eventName: "go", fromState: "idle", actorType: "system", payload: { kind: "cond_error", candidateIndex: 0 } });
    expect(p.history[1]).toMatchObject({ kind: "transition", toState: "review" });
  });

  it("an event that moves nothing is recorded as event_ignored with the reason, and writes no update", () => {
    const runtime = runtimeIn("gate");
    const snapshot = { state: "gate", context: { a: 1 }, status: "active" as const, tags: [], manualReviewReason: null, workflowFinalState: null };
    const result = applyEvent(compiled, snapshot, { type: "check", origin: "api" });
    const p = plan(runtime, result, { eventName: "check", payload: { n: 1 } });
    const row = p.history.find((h) => h.kind === "event_ignored");
    expect(row).toMatchObject({ eventName: "check", fromState: "gate", toState: "gate" });
    expect((row!.payload as { payload: unknown; reason: string }).payload).toEqual({ n: 1 });
    expect((row!.payload as { reason: string }).reason.length).toBeGreaterThan(0);
    expect(p.update).toBeUndefined();
    expect(p.change).toBeUndefined();
    expect(plan(runtime, result, { eventName: "check" }).history.find((h) => h.kind === "event_ignored")!.payload).toMatchObject({ payload: null });
  });

  it("a step that emits events of its own moves without a transition: the version stays", () => {
    const runtime = runtimeIn("gate");
    const snapshot = { state: "gate", context: { a: 1 }, status: "active" as const, tags: [], manualReviewReason: null, workflowFinalState: null };
    const result = applyEvent(compiled, snapshot, { type: "check", origin: "api" });
    const events = [{ eventName: "workflow.sla.warning" as const }] as unknown as StepCause["events"];
    const p = plan(runtime, result, { eventName: "sla_warning", events, recordTransition: false });
    expect(p.update).toMatchObject({ versionMoves: false, eventCount: 1 });
    expect(p.history.some((h) => h.kind === "event_ignored" || h.kind === "transition")).toBe(false);
  });

  it("canceling an active runtime resolves it and cancels its plugin jobs; a runtime already canceled is not resolved again", () => {
    const runtime = runtimeIn("review");
    const snapshot = { state: "review", context: { a: 1 }, status: "active" as const, tags: [], manualReviewReason: null, workflowFinalState: null };
    const p = plan(runtime, cancelWorkflow(snapshot), { eventName: "cancel", cancelsPluginJobs: true });
    expect(p.update).toMatchObject({ resolved: true });
    expect(p.cancelsPluginJobs).toBe(true);
    const again = plan(runtimeIn("review", "canceled"), { ...cancelWorkflow(snapshot), transitioned: false, contextChanged: false, changed: false }, { eventName: "cancel", assignment: { assigneeId: null } });
    expect(again.update).toMatchObject({ resolved: false });
    expect(again.cancelsPluginJobs).toBe(false);
  });

  it("entering a final state resolves the runtime", () => {
    const snapshot = { state: "review", context: { a: 1 }, status: "active" as const, tags: [], manualReviewReason: null, workflowFinalState: null };
    const p = plan(runtimeIn("review"), applyEvent(compiled, snapshot, { type: "approve", origin: "api" }), { eventName: "approve" });
    expect(p.update).toMatchObject({ resolved: true });
    expect(p.change!.events.map((e) => e.eventName)).toContain("workflow.completed");
  });
});
