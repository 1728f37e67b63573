import { describe, expect, it } from "vitest";
import { applyEvent } from "./apply-event";
import { applyPluginResult } from "./apply-plugin-result";
import { compileWorkflow } from "./compile-workflow";
import { startWorkflow } from "./start-workflow";
import { exampleInCheck, tinyDefinition, vendor, apiPluginConfig } from "../../tests/support/engine-fixtures";
import type { PluginConfig, StateJson } from "./types";

const apiPlugin = (overrides: Partial<PluginConfig>): PluginConfig =>
  apiPluginConfig("score_api", "https://score.test/{entity.id}", "POST", "checking", "entity", { successAction: "SCORED", errorAction: "failed_review", ...overrides });

const chart: Record<string, StateJson> = {
  idle: { on: { start: "checking" } },
  checking: {
    on: {
      SCORED: [
        { target: "passed", cond: { type: "json-logic", rule: { ">": [{ var: "response.score" }, 50] } } },
        { target: "failed_review" },
      ],
    },
  },
  failed_review: { tags: ["manual_review"], on: { retry: "checking" } },
  passed: { type: "final", tags: ["approved"] },
};

function inChecking(plugin: PluginConfig) {
  const compiled = compileWorkflow(tinyDefinition(chart, { extensions: { apiPlugins: [plugin] } }));
  const snapshot = applyEvent(compiled, startWorkflow(compiled, { entity: { id: "e1" } }).snapshot, { type: "start", origin: "api" }).snapshot;
  return { compiled, snapshot };
}

describe("applyPluginResult", () => {
  it("applies a successAction naming an event, with the data readable as `response`", () => {
    const { compiled, snapshot } = inChecking(apiPlugin({}));
    const result = applyPluginResult(compiled, snapshot, { pluginName: "score_api", expectedState: "checking", ok: true, data: { score: 80 } });
    expect(result.snapshot).toMatchObject({ state: "passed", status: "completed", workflowFinalState: "auto_approved" });
    expect(result.snapshot.context.pluginsOutput).toEqual({ score_api: { score: 80 } });
  });

  it("applies a successAction naming a state directly", () => {
    const { compiled, snapshot } = inChecking(apiPlugin({ successAction: "passed" }));
    const result = applyPluginResult(compiled, snapshot, { pluginName: "score_api", expectedState: "checking", ok: true, data: { score: 1 } });
    expect(result.snapshot.state).toBe("passed");
    expect(result.snapshot.workflowFinalState).toBe("auto_approved");
  });

  it("an errorAction naming a manual_review state records the failure reason", () => {
    const { compiled, snapshot } = inChecking(apiPlugin({}));
    const result = applyPluginResult(compiled, snapshot, { pluginName: "score_api", expectedState: "checking", ok: false, error: "timeout after 10s" });
    expect(result.snapshot.state).toBe("failed_review");
    expect(result.snapshot.manualReviewReason).toBe("Plugin 'score_api' failed: timeout after 10s");
    expect(result.snapshot.context.score_api).toEqual({ status: "error", error: "timeout after 10s" });
  });

  it("re-entering the plugin's own state (errorAction = same state) emits the API effect again", () => {
    const { compiled, snapshot } = inChecking(apiPlugin({ errorAction: "checking" }));
    const result = applyPluginResult(compiled, snapshot, { pluginName: "score_api", expectedState: "checking", ok: false, httpStatus: 502 });
    expect(result.changed).toBe(false);
    expect(result.transitioned).toBe(true);
    expect(result.effects).toEqual([{ kind: "api_plugin", pluginName: "score_api", state: "checking" }]);
  });

  it("ignores a stale result: nothing stored, nothing moved", () => {
    const { compiled, snapshot } = exampleInCheck();
    const movedOn = applyPluginResult(compiled, snapshot, { pluginName: "external_request_example", expectedState: "check_business_details", ok: false, error: "x" }).snapshot;
    const late = applyPluginResult(compiled, movedOn, { pluginName: "external_request_example", expectedState: "check_business_details", ok: true, data: vendor(1) });
    expect(late.changed).toBe(false);
    expect(late.snapshot).toBe(movedOn);
    expect(late.contextChanged).toBe(false);
    expect(late.diagnostics).toEqual([expect.objectContaining({ kind: "stale_plugin_result", pluginName: "external_request_example", expectedState: "check_business_details", state: "manual_review" })]);
  });

  it("rejects an unknown plugin name with the known names", () => {
    const { compiled, snapshot } = exampleInCheck();
    expect(() => applyPluginResult(compiled, snapshot, { pluginName: "nope", expectedState: "check_business_details", ok: true })).toThrow(
      /plugin 'nope' is not defined.*external_request_example/,
    );
  });

  it("ignores results for webhook plugins (they never move the workflow)", () => {
    const { compiled, snapshot } = exampleInCheck();
    const result = applyPluginResult(compiled, snapshot, { pluginName: "finish_webhook", expectedState: "check_business_details", ok: true, data: {} });
    expect(result.snapshot).toBe(snapshot);
    expect(result.diagnostics[0].kind).toBe("plugin_result_ignored");
  });

  it("does not modify the input snapshot", () => {
    const { compiled, snapshot } = exampleInCheck();
    const before = structuredClone(snapshot);
    applyPluginResult(compiled, snapshot, { pluginName: "external_request_example", expectedState: "check_business_details", ok: true, data: vendor(0.9) });
    expect(snapshot).toEqual(before);
  });
});
