import { describe, expect, it } from "vitest";
import { applyEvent } from "./apply-event";
import { applyPluginResult } from "./apply-plugin-result";
import { compileWorkflow } from "./compile-workflow";
import { startWorkflow } from "./start-workflow";
import { tinyDefinition, apiPluginConfig } from "../../tests/support/engine-fixtures";
import type { PluginConfig, StateJson } from "./types";

// How a plugin's successAction / errorAction is resolved: an event the state handles, else a state by name.

const plugin = (overrides: Partial<PluginConfig>): PluginConfig =>
  apiPluginConfig("registry", "https://registry.test/{entity.id}", "GET", "checking", "entity", { errorAction: "on_hold", ...overrides });

/** Compile `chart` with `apiPlugin` and move a new run to `checking` (via `start` from `idle`). */
function inChecking(chart: Record<string, StateJson>, apiPlugin: PluginConfig) {
  const compiled = compileWorkflow(tinyDefinition({ ...chart, on_hold: { tags: ["manual_review"] } }, { extensions: { apiPlugins: [apiPlugin] } }));
  const snapshot = applyEvent(compiled, startWorkflow(compiled, { entity: { id: "e1" } }).snapshot, { type: "start", origin: "api" }).snapshot;
  return { compiled, snapshot };
}

describe("applyPluginResult: resolving the action", () => {
  // `review` is both an event `checking` handles (to `second_opinion`) and the name of a state.
  const shared: Record<string, StateJson> = {
    idle: { on: { start: "checking" } },
    checking: { on: { review: "second_opinion" } },
    second_opinion: { tags: ["manual_review"] },
    review: { tags: ["manual_review"] },
  };

  it("an action naming both an event the state handles and a state is applied as the event", () => {
    const { compiled, snapshot } = inChecking(shared, plugin({ successAction: "review", errorAction: "review" }));
    const ok = applyPluginResult(compiled, snapshot, { pluginName: "registry", expectedState: "checking", ok: true, data: { found: true } });
    expect(ok.snapshot.state).toBe("second_opinion");
    const failed = applyPluginResult(compiled, snapshot, { pluginName: "registry", expectedState: "checking", ok: false, error: "down" });
    expect(failed.snapshot.state).toBe("second_opinion");
  });

  it("the same name goes to the state when the current state does not handle such an event", () => {
    const chart: Record<string, StateJson> = { ...shared, checking: { on: { other: "second_opinion" } } };
    const { compiled, snapshot } = inChecking(chart, plugin({ successAction: "review" }));
    const result = applyPluginResult(compiled, snapshot, { pluginName: "registry", expectedState: "checking", ok: true, data: {} });
    expect(result.snapshot.state).toBe("review");
  });

  it("an action naming a nested state by its own name enters that state", () => {
    const chart: Record<string, StateJson> = {
      idle: { on: { start: "checking" } },
      checking: {},
      review: { initial: "queued", states: { queued: { on: { pick: "escalated" } }, escalated: { tags: ["manual_review"] } } },
    };
    const { compiled, snapshot } = inChecking(chart, plugin({ successAction: "escalated" }));
    const result = applyPluginResult(compiled, snapshot, { pluginName: "registry", expectedState: "checking", ok: true, data: {} });
    expect(result.snapshot.state).toBe("review.escalated");
    expect(result.snapshot.tags).toEqual(["manual_review"]);
  });

  it("an action the current state does not handle (another of the plugin's states does) stores the result, stays put and says why", () => {
    const chart: Record<string, StateJson> = {
      idle: { on: { start: "checking", recheck: "rechecking" } },
      checking: { on: { done: "checked" } },
      rechecking: {},
      checked: {},
    };
    const compiled = compileWorkflow(
      tinyDefinition({ ...chart, on_hold: {} }, { extensions: { apiPlugins: [plugin({ stateNames: ["checking", "rechecking"], successAction: "done" })] } }),
    );
    const snapshot = applyEvent(compiled, startWorkflow(compiled, { entity: { id: "e1" } }).snapshot, { type: "recheck", origin: "api" }).snapshot;
    const result = applyPluginResult(compiled, snapshot, { pluginName: "registry", expectedState: "rechecking", ok: true, data: { n: 1 } });
    expect(result.snapshot.state).toBe("rechecking");
    expect(result.transitioned).toBe(false);
    expect(result.contextChanged).toBe(true);
    expect(result.snapshot.context.registry).toEqual({ status: "success", data: { n: 1 } });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        kind: "plugin_action_unresolved",
        pluginName: "registry",
        action: "done",
        state: "rechecking",
        message: expect.stringContaining("action 'done', which is neither an event 'rechecking' handles nor a state"),
      }),
    ]);
  });
});

describe("applyPluginResult: what is stored", () => {
  const chart: Record<string, StateJson> = {
    idle: { on: { start: "checking" } },
    checking: { on: { done: "checked", failed: "manual" } },
    checked: {},
    manual: { tags: ["manual_review"] },
  };

  it("keeps other plugins' outputs and does not record a failure's data as output", () => {
    const { compiled, snapshot } = inChecking(chart, plugin({ successAction: "done", errorAction: "failed" }));
    const withOther = { ...snapshot, context: { ...snapshot.context, pluginsOutput: { earlier: { a: 1 } } } };
    const ok = applyPluginResult(compiled, withOther, { pluginName: "registry", expectedState: "checking", ok: true, data: { b: 2 }, httpStatus: 200 });
    expect(ok.snapshot.context.pluginsOutput).toEqual({ earlier: { a: 1 }, registry: { b: 2 } });
    expect(ok.snapshot.context.registry).toEqual({ status: "success", data: { b: 2 }, httpStatus: 200 });

    const failed = applyPluginResult(compiled, withOther, { pluginName: "registry", expectedState: "checking", ok: false, data: { partial: true }, error: "bad" });
    expect(failed.snapshot.context.pluginsOutput).toEqual({ earlier: { a: 1 } });
    expect(failed.snapshot.context.registry).toEqual({ status: "error", data: { partial: true }, error: "bad" });
  });

  it("a failure entering manual review records the HTTP status, or 'unknown error', when there is no error text", () => {
    const { compiled, snapshot } = inChecking(chart, plugin({ successAction: "done", errorAction: "failed" }));
    const http = applyPluginResult(compiled, snapshot, { pluginName: "registry", expectedState: "checking", ok: false, httpStatus: 502 });
    expect(http.snapshot.manualReviewReason).toBe("Plugin 'registry' failed: HTTP 502");
    const unknown = applyPluginResult(compiled, snapshot, { pluginName: "registry", expectedState: "checking", ok: false });
    expect(unknown.snapshot.manualReviewReason).toBe("Plugin 'registry' failed: unknown error");
  });

  it("a success entering manual review records no failure reason", () => {
    const { compiled, snapshot } = inChecking(chart, plugin({ successAction: "failed" }));
    const result = applyPluginResult(compiled, snapshot, { pluginName: "registry", expectedState: "checking", ok: true, data: {} });
    expect(result.snapshot.state).toBe("manual");
    expect(result.snapshot.manualReviewReason).toBeNull();
  });
});

describe("applyPluginResult: stale results", () => {
  it("accepts a result for a nested state named by its leaf name, and ignores one after completion", () => {
    const chart: Record<string, StateJson> = {
      idle: { on: { start: "verify" } },
      verify: { initial: "checking", states: { checking: { on: { done: "#tiny_v1.finished" } } } },
      finished: { type: "final" },
    };
    const compiled = compileWorkflow(tinyDefinition({ ...chart, on_hold: {} }, { extensions: { apiPlugins: [plugin({ successAction: "done" })] } }));
    const inVerify = applyEvent(compiled, startWorkflow(compiled, { entity: { id: "e1" } }).snapshot, { type: "start", origin: "api" }).snapshot;
    expect(inVerify.state).toBe("verify.checking");
    const done = applyPluginResult(compiled, inVerify, { pluginName: "registry", expectedState: "checking", ok: true, data: {} });
    expect(done.snapshot).toMatchObject({ state: "finished", status: "completed" });

    const late = applyPluginResult(compiled, done.snapshot, { pluginName: "registry", expectedState: "finished", ok: true, data: {} });
    expect(late.changed).toBe(false);
    expect(late.snapshot).toBe(done.snapshot);
    expect(late.diagnostics).toEqual([expect.objectContaining({ kind: "stale_plugin_result", message: expect.stringContaining("(completed)") })]);
  });
});
