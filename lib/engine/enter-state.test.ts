import { describe, expect, it } from "vitest";
import { applyEvent, assertAcceptsEvent } from "./apply-event";
import { acceptedEvents } from "./accepted-events";
import { applyPluginResult } from "./apply-plugin-result";
import { cancelWorkflow } from "./cancel-workflow";
import { compileWorkflow } from "./compile-workflow";
import { enterState, stateTargets } from "./enter-state";
import { EventNotAcceptedError, RuntimeNotActiveError, TargetStateUnknownError } from "./errors";
import { startWorkflow } from "./start-workflow";
import { exampleInCheck, tinyDefinition, vendor } from "../../tests/support/engine-fixtures";

/** The worked example after its vendor check failed: `API_CALL_ERROR` put it in manual review. */
function exampleInReviewAfterOutage() {
  const { compiled, snapshot } = exampleInCheck();
  const failed = applyPluginResult(compiled, snapshot, { pluginName: "external_request_example", expectedState: "check_business_details", ok: false, error: "network_error", httpStatus: undefined });
  return { compiled, snapshot: failed.snapshot };
}

describe("enterState (a forced transition)", () => {
  it("enters the check state again from manual review, with its API plugin as an effect", () => {
    const { compiled, snapshot } = exampleInReviewAfterOutage();
    expect(snapshot).toMatchObject({ state: "manual_review", manualReviewReason: "Plugin 'external_request_example' failed: network_error" });
    const r = enterState(compiled, snapshot, "check_business_details", "api");
    expect(r).toMatchObject({ previousState: "manual_review", changed: true, transitioned: true, contextChanged: false, completed: false });
    expect(r.snapshot).toMatchObject({ state: "check_business_details", status: "active", tags: [] });
    expect(r.snapshot.context).toBe(snapshot.context);
    expect(r.effects).toEqual([{ kind: "api_plugin", pluginName: "external_request_example", state: "check_business_details" }]);
  });

  it("re-enters the current state: its plugins run again although the state does not change", () => {
    const { compiled, snapshot } = exampleInCheck();
    const r = enterState(compiled, snapshot, "check_business_details", "reviewer");
    expect(r).toMatchObject({ changed: false, transitioned: true });
    expect(r.effects.map((e) => e.pluginName)).toEqual(["external_request_example"]);
  });

  it("completes the workflow when it enters a final state, with the outcome a person's decision gets", () => {
    const { compiled, snapshot } = exampleInReviewAfterOutage();
    const r = enterState(compiled, snapshot, "approve", "reviewer");
    expect(r.completed).toBe(true);
    expect(r.snapshot).toMatchObject({ state: "approve", status: "completed", workflowFinalState: "approved" });
    expect(r.effects.map((e) => e.pluginName)).toEqual(["finish_webhook"]);
  });

  it("enters the initial leaf of a compound state, and takes a nested state by its unique name", () => {
    const compiled = compileWorkflow(
      tinyDefinition({ idle: { on: { go: "review" } }, review: { initial: "pending", states: { pending: {}, second: { tags: ["second"] } } } }),
    );
    const start = startWorkflow(compiled, {}).snapshot;
    expect(enterState(compiled, start, "review", "api").snapshot.state).toBe("review.pending");
    expect(enterState(compiled, start, "second", "api").snapshot).toMatchObject({ state: "review.second", tags: ["second"] });
    expect(stateTargets(compiled)).toEqual(["idle", "review", "review.pending", "review.second"]);
  });

  it("refuses an unknown state with validation_failed listing the states, and a workflow that is not active", () => {
    const { compiled, snapshot } = exampleInCheck();
    const unknown = (() => {
      try {
        enterState(compiled, snapshot, "nowhere", "api");
      } catch (error) {
        return error;
      }
    })() as TargetStateUnknownError;
    expect(unknown).toBeInstanceOf(TargetStateUnknownError);
    expect(unknown.code).toBe("validation_failed");
    expect(unknown.errors).toEqual([{ path: "/state", message: expect.stringContaining("use one of: idle, check_business_details, manual_review, revision") }]);
    expect(() => enterState(compiled, { ...snapshot, status: "completed" }, "idle", "api")).toThrow(RuntimeNotActiveError);
    expect(() => enterState(compiled, { ...snapshot, status: "canceled" }, "idle", "api")).toThrow(/canceled/);
  });
});

describe("cancelWorkflow", () => {
  it("sets the status to canceled and nothing else; a canceled workflow takes no events, plugin results or second cancel", () => {
    const { compiled, snapshot } = exampleInCheck();
    const r = cancelWorkflow(snapshot);
    expect(r).toMatchObject({ changed: false, transitioned: false, contextChanged: false, completed: false, effects: [] });
    expect(r.snapshot).toEqual({ ...snapshot, status: "canceled" });
    const canceled = r.snapshot;
    expect(() => cancelWorkflow(canceled)).toThrow(RuntimeNotActiveError);
    expect(() => applyEvent(compiled, canceled, { type: "API_CALL_SUCCESS", origin: "api" })).toThrow(RuntimeNotActiveError);
    expect(acceptedEvents(compiled, canceled)).toEqual([]);
    const late = applyPluginResult(compiled, canceled, { pluginName: "external_request_example", expectedState: "check_business_details", ok: true, data: vendor(1) });
    expect(late).toMatchObject({ changed: false, contextChanged: false, diagnostics: [{ kind: "stale_plugin_result" }] });
    expect(late.snapshot).toBe(canceled);
  });

  it("keeps a completed workflow's answer to events: event_not_accepted", () => {
    const { compiled, snapshot } = exampleInCheck();
    expect(() => assertAcceptsEvent(compiled, { ...snapshot, status: "completed" }, "start")).toThrow(EventNotAcceptedError);
    expect(() => assertAcceptsEvent(compiled, { ...snapshot, status: "failed" }, "start")).toThrow(RuntimeNotActiveError);
    expect(() => assertAcceptsEvent(compiled, snapshot, "approve")).toThrow(/it accepts: API_CALL_SUCCESS, API_CALL_ERROR/);
  });
});
