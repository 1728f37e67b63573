import { describe, expect, it } from "vitest";
import { compileWorkflow } from "../engine";
import { apiPluginConfig, tinyDefinition } from "../../tests/support/engine-fixtures";
import { effectJobs } from "./effect-jobs";

const compiled = compileWorkflow(
  tinyDefinition(
    { check: { on: { done: "end" } }, end: { type: "final" } },
    {
      extensions: {
        apiPlugins: [
          apiPluginConfig("lookup", "https://vendor.test/v1", "POST", "check", "@", { timeoutMs: 2_000, retry: { maxAttempts: 4 } }),
          { ...apiPluginConfig("notify", "https://hooks.test/{entity.id}", "POST", "check", "{ id: entity.id }"), pluginKind: "webhook" },
          { ...apiPluginConfig("broken", "{hook_base}/x", "POST", "check", "{ id: entity.id }"), pluginKind: "webhook" },
        ],
      },
    },
  ),
);
const runtime = { id: "00000000-0000-4000-8000-000000000001", projectId: "p", workflowDefinitionId: "tiny", workflowDefinitionVersion: 3 };
const context = { entity: { id: "e-1" } };

describe("effectJobs: the outbox rows of a step's effects", () => {
  it("an API plugin call: its job with the runtime, state, definition version, attempts and a lease 5 s past its timeout", () => {
    const { jobs, history } = effectJobs(runtime, compiled, [{ kind: "api_plugin", pluginName: "lookup", state: "check" }], context);
    expect(history).toEqual([]);
    expect(jobs).toEqual([
      {
        projectId: "p",
        runtimeId: runtime.id,
        maxAttempts: 4,
        kind: "api_plugin",
        payload: { runtimeId: runtime.id, pluginName: "lookup", state: "check", definitionId: "tiny", definitionVersion: 3, leaseMs: 7_000 },
      },
    ]);
  });

  it("a webhook plugin: its request built now from the context, with its timeout, retry and lease", () => {
    const { jobs } = effectJobs(runtime, compiled, [{ kind: "webhook_plugin", pluginName: "notify", state: "check" }], context);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: "webhook_plugin", projectId: "p", runtimeId: runtime.id });
    const payload = jobs[0]!.payload as Record<string, unknown>;
    expect(payload).toMatchObject({ runtimeId: runtime.id, pluginName: "notify", state: "check", request: { method: "POST", url: "https://hooks.test/e-1", body: { id: "e-1" } }, timeoutMs: 30_000, leaseMs: 35_000 });
    expect(payload.retry).toEqual({ initialDelayMs: expect.any(Number), maxDelayMs: expect.any(Number) });
  });

  it("a webhook request that cannot be built is a failed plugin_call row instead of a job; an unknown plugin is skipped", () => {
    const { jobs, history } = effectJobs(
      runtime,
      compiled,
      [
        { kind: "webhook_plugin", pluginName: "broken", state: "check" },
        { kind: "api_plugin", pluginName: "gone", state: "check" },
      ],
      context,
    );
    expect(jobs).toEqual([]);
    expect(history).toEqual([
      {
        kind: "plugin_call",
        eventName: "broken",
        payload: { plugin: "broken", kind: "webhook", ok: false, error: expect.stringContaining("url placeholder {hook_base} has no value") },
        fromState: "check",
        toState: "check",
        actorType: "system",
      },
    ]);
  });
});
