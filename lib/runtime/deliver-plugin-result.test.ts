import { describe, expect, it } from "vitest";
import { compileWorkflow, startWorkflow } from "../engine";
import type { WorkflowRuntime } from "../db/schema";
import { apiPluginConfig, exampleInCheck, tinyDefinition } from "../../tests/support/engine-fixtures";
import { decidePluginResult, type PluginDelivery } from "./deliver-plugin-result";

const runtime = { id: "00000000-0000-4000-8000-000000000001" } as WorkflowRuntime;
const callRecord = { kind: "plugin_call" as const, eventName: "p", fromState: "s", toState: "s", actorType: "system" as const };
const job = { id: 42, lockedBy: "worker-1" };

function delivery(result: Omit<PluginDelivery["result"], "expectedState"> & { expectedState?: string }, state: string): PluginDelivery {
  return { result: { expectedState: state, ...result }, callRecord, job };
}

describe("decidePluginResult: an API plugin's outcome as a step", () => {
  const { compiled, snapshot } = exampleInCheck();
  const plugin = [...compiled.pluginsByName.values()].map((p) => p.plugin).find((p) => p.successAction && p.errorAction)!;

  it("a success moves by the plugin's successAction, records the call and completes its job", () => {
    const decide = decidePluginResult(delivery({ pluginName: plugin.name, ok: true, httpStatus: 200, data: { name_fuzziness_score: 0.9 } }, snapshot.state));
    const { result, cause } = decide({ runtime, compiled, snapshot });
    expect(cause).toEqual({
      eventName: plugin.successAction,
      payload: { plugin: plugin.name, ok: true, httpStatus: 200, error: null },
      actor: { type: "system" },
      history: [callRecord],
      completesJob: job,
    });
    expect(result.snapshot.state).not.toBe(snapshot.state);
  });

  it("a failure moves by its errorAction, with the error and no status where the call had none", () => {
    const { cause } = decidePluginResult(delivery({ pluginName: plugin.name, ok: false, error: "timeout after 5000 ms" }, snapshot.state))({ runtime, compiled, snapshot });
    expect(cause.eventName).toBe(plugin.errorAction);
    expect(cause.payload).toEqual({ plugin: plugin.name, ok: false, httpStatus: null, error: "timeout after 5000 ms" });
  });

  it("a plugin without actions is recorded as plugin_success or plugin_error, and the state stays", () => {
    const bare = compileWorkflow(
      tinyDefinition({ check: { on: { done: "end" } }, end: { type: "final" } }, { extensions: { apiPlugins: [apiPluginConfig("lookup", "https://vendor.test/v1", "POST", "check", "@")] } }),
    );
    const start = startWorkflow(bare, {}).snapshot;
    const ok = decidePluginResult(delivery({ pluginName: "lookup", ok: true, httpStatus: 204 }, "check"))({ runtime, compiled: bare, snapshot: start });
    expect(ok.cause.eventName).toBe("plugin_success");
    expect(ok.cause.payload).toEqual({ plugin: "lookup", ok: true, httpStatus: 204, error: null });
    expect(ok.result.snapshot.state).toBe("check");
    const failed = decidePluginResult(delivery({ pluginName: "lookup", ok: false, httpStatus: 503, error: "HTTP 503" }, "check"))({ runtime, compiled: bare, snapshot: start });
    expect(failed.cause.eventName).toBe("plugin_error");
    expect(failed.cause.payload).toEqual({ plugin: "lookup", ok: false, httpStatus: 503, error: "HTTP 503" });
  });
});
