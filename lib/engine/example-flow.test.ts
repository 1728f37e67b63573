import { describe, expect, it } from "vitest";
import { applyEvent } from "./apply-event";
import { applyPluginResult } from "./apply-plugin-result";
import { compileWorkflow } from "./compile-workflow";
import { startWorkflow } from "./start-workflow";
import { COMPANY, exampleDefinition, exampleInCheck, runContext, vendor } from "../../tests/support/engine-fixtures";
import type { RuntimeSnapshot } from "./types";

const REASON = "The company name differs from the registered name (name fuzziness score below 0.8)";
const PLUGIN = "external_request_example";

function vendorResult(data: unknown) {
  const { compiled, snapshot } = exampleInCheck();
  const result = applyPluginResult(compiled, snapshot, { pluginName: PLUGIN, expectedState: "check_business_details", ok: true, data, httpStatus: 200 });
  return { compiled, result };
}

describe("worked example: start", () => {
  it("starts in idle without effects; `start` enters check_business_details and calls the API plugin", () => {
    const compiled = compileWorkflow(exampleDefinition());
    const started = startWorkflow(compiled, runContext());
    expect(started.snapshot).toMatchObject({ state: "idle", status: "active", tags: [], manualReviewReason: null, workflowFinalState: null });
    expect(started.snapshot.context.api_config).toEqual(exampleDefinition().definition.context!.api_config);
    expect(started.effects).toEqual([]);
    const moved = applyEvent(compiled, started.snapshot, { type: "start", origin: "api" });
    expect(moved).toMatchObject({ previousState: "idle", changed: true, completed: false });
    expect(moved.snapshot.state).toBe("check_business_details");
    expect(moved.effects).toEqual([{ kind: "api_plugin", pluginName: PLUGIN, state: "check_business_details" }]);
  });
});

describe("worked example: vendor score decides the branch", () => {
  it("score 1.0 auto-approves, completes, and calls the finish webhook", () => {
    const { result } = vendorResult(vendor(1.0));
    expect(result.snapshot.state).toBe("auto_approve");
    expect(result.snapshot.status).toBe("completed");
    expect(result.snapshot.workflowFinalState).toBe("auto_approved");
    expect(result.completed).toBe(true);
    expect(result.effects).toEqual([{ kind: "webhook_plugin", pluginName: "finish_webhook", state: "auto_approve" }]);
    expect(result.snapshot.manualReviewReason).toBeNull();
  });

  it("score 0.7 goes to manual review with the onFailed reason recorded", () => {
    const { result } = vendorResult(vendor(0.7));
    expect(result.snapshot.state).toBe("manual_review");
    expect(result.snapshot.status).toBe("active");
    expect(result.snapshot.tags).toEqual(["manual_review"]);
    expect(result.snapshot.manualReviewReason).toBe(REASON);
    expect(result.effects).toEqual([]);
    expect(result.diagnostics).toContainEqual({ kind: "cond_failed_reason", state: "check_business_details", event: "API_CALL_SUCCESS", candidateIndex: 0, reason: REASON });
  });

  it("score 0.3 auto-rejects and calls the fail webhook", () => {
    const { result } = vendorResult(vendor(0.3));
    expect(result.snapshot.state).toBe("auto_reject");
    expect(result.snapshot.workflowFinalState).toBe("auto_rejected");
    expect(result.effects).toEqual([{ kind: "webhook_plugin", pluginName: "fail_webhook", state: "auto_reject" }]);
  });

  it("score exactly 0.5 auto-rejects (0.5 is not > 0.5) instead of getting stuck", () => {
    const { result } = vendorResult(vendor(0.5));
    expect(result.changed).toBe(true);
    expect(result.snapshot.state).toBe("auto_reject");
    expect(result.snapshot.workflowFinalState).toBe("auto_rejected");
  });

  it("score exactly 0.8 auto-approves (>= 0.8)", () => {
    expect(vendorResult(vendor(0.8)).result.snapshot.state).toBe("auto_approve");
  });

  it("a low score still auto-approves when the registered name equals the company name", () => {
    const { result } = vendorResult(vendor(0.1, COMPANY));
    expect(result.snapshot.state).toBe("auto_approve");
    expect(result.snapshot.workflowFinalState).toBe("auto_approved");
  });

  it("stores the vendor data under both context keys read by the rules", () => {
    const { result } = vendorResult(vendor(0.7));
    const ctx = result.snapshot.context as Record<string, Record<string, unknown>>;
    expect(ctx.pluginsOutput[PLUGIN]).toEqual(vendor(0.7));
    expect(ctx[PLUGIN]).toEqual({ data: vendor(0.7), status: "success", httpStatus: 200 });
    expect(result.contextChanged).toBe(true);
  });
});

describe("worked example: error branch and reviewer decisions", () => {
  function toManualReview(): { compiled: ReturnType<typeof exampleInCheck>["compiled"]; snapshot: RuntimeSnapshot } {
    const { compiled, result } = vendorResult(vendor(0.7));
    return { compiled, snapshot: result.snapshot };
  }

  it("errorAction API_CALL_ERROR moves to manual review with the plugin failure as reason", () => {
    const { compiled, snapshot } = exampleInCheck();
    const result = applyPluginResult(compiled, snapshot, { pluginName: PLUGIN, expectedState: "check_business_details", ok: false, httpStatus: 503, error: "registry unavailable" });
    expect(result.snapshot.state).toBe("manual_review");
    expect(result.snapshot.manualReviewReason).toBe("Plugin 'external_request_example' failed: registry unavailable");
    const ctx = result.snapshot.context as Record<string, unknown>;
    expect(ctx[PLUGIN]).toEqual({ status: "error", httpStatus: 503, error: "registry unavailable" });
    expect(ctx.pluginsOutput).toBeUndefined();
  });

  it("a failure without an error text names the HTTP status", () => {
    const { compiled, snapshot } = exampleInCheck();
    const result = applyPluginResult(compiled, snapshot, { pluginName: PLUGIN, expectedState: "check_business_details", ok: false, httpStatus: 500 });
    expect(result.snapshot.manualReviewReason).toBe("Plugin 'external_request_example' failed: HTTP 500");
  });

  it("a reviewer approve ends in 'approved' and calls the finish webhook", () => {
    const { compiled, snapshot } = toManualReview();
    const result = applyEvent(compiled, snapshot, { type: "approve", origin: "reviewer" });
    expect(result.snapshot).toMatchObject({ state: "approve", status: "completed", workflowFinalState: "approved", tags: ["approved"] });
    expect(result.effects).toEqual([{ kind: "webhook_plugin", pluginName: "finish_webhook", state: "approve" }]);
    expect(result.snapshot.manualReviewReason).toBe(REASON); // leaving manual review keeps the reason
  });

  it("a reviewer reject ends in 'rejected' and calls the finish webhook", () => {
    const { compiled, snapshot } = toManualReview();
    const result = applyEvent(compiled, snapshot, { type: "reject", origin: "reviewer" });
    expect(result.snapshot).toMatchObject({ state: "reject", workflowFinalState: "rejected" });
    expect(result.effects.map((e) => e.pluginName)).toEqual(["finish_webhook"]);
  });

  it("revision -> data_updated re-runs the API plugin", () => {
    const { compiled, snapshot } = toManualReview();
    const revision = applyEvent(compiled, snapshot, { type: "revision", origin: "reviewer" }).snapshot;
    expect(revision.tags).toEqual(["revision"]);
    const back = applyEvent(compiled, revision, { type: "data_updated", origin: "api" });
    expect(back.snapshot.state).toBe("check_business_details");
    expect(back.effects).toEqual([{ kind: "api_plugin", pluginName: PLUGIN, state: "check_business_details" }]);
  });
});
