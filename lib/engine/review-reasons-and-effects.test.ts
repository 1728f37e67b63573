import { describe, expect, it } from "vitest";
import { applyEvent } from "./apply-event";
import { compileWorkflow } from "./compile-workflow";
import { startWorkflow } from "./start-workflow";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import type { PluginConfig, RuntimeSnapshot, StateJson } from "./types";

// What a reviewer is told (manualReviewReason) across steps, and which plugin calls a step asks for.

const failing = (rule: unknown, reason: string) => ({ type: "json-logic", rule, options: { onFailed: { manualReviewReason: reason } } });

describe("manual review reason across steps", () => {
  const chart: Record<string, StateJson> = {
    idle: {
      on: {
        check: [
          { target: "approved", cond: failing({ ">=": [{ var: "context.score" }, 80] }, "score below 80") },
          { target: "approved", cond: failing({ "!": [{ var: "context.sanctions" }] }, "sanctions hit") },
          { target: "approved", cond: failing({ ">=": [{ var: "context.score" }, 90] }, "score below 80") },
          { target: "review" },
        ],
        plain: "review",
      },
    },
    review: { tags: ["manual_review"], on: { escalate: "senior_review", resolve: "resolved", check_again: "idle" } },
    senior_review: { tags: ["manual_review"], on: { resolve: "resolved" } },
    resolved: {},
    approved: { type: "final", tags: ["approved"] },
  };
  const compiled = compileWorkflow(tinyDefinition(chart));
  const send = (s: RuntimeSnapshot, type: string) => applyEvent(compiled, s, { type, origin: "system" }).snapshot;

  it("lists every failed cond's reason once, in order", () => {
    const review = send(startWorkflow(compiled, { score: 10, sanctions: true }).snapshot, "check");
    expect(review).toMatchObject({ state: "review", manualReviewReason: "score below 80; sanctions hit" });
  });

  it("keeps the reason while moving between manual review states and after leaving them", () => {
    const review = send(startWorkflow(compiled, { score: 10, sanctions: false }).snapshot, "check");
    expect(review.state).toBe("approved");
    const flagged = send(startWorkflow(compiled, { score: 10, sanctions: true }).snapshot, "check");
    const senior = send(flagged, "escalate");
    expect(senior).toMatchObject({ state: "senior_review", manualReviewReason: "score below 80; sanctions hit" });
    expect(send(senior, "resolve")).toMatchObject({ state: "resolved", manualReviewReason: "score below 80; sanctions hit" });
  });

  it("a new visit to manual review without a failed cond has no reason, even after an earlier one", () => {
    const plain = send(startWorkflow(compiled, { score: 10 }).snapshot, "plain");
    expect(plain).toMatchObject({ state: "review", manualReviewReason: null });
    const flagged = send(startWorkflow(compiled, { score: 10, sanctions: true }).snapshot, "check");
    const again = send(send(flagged, "check_again"), "plain");
    expect(again).toMatchObject({ state: "review", manualReviewReason: null });
  });
});

describe("plugin effects of a step", () => {
  const plugin = (name: string, stateNames: string[], kind: "api" | "webhook"): PluginConfig =>
    ({
      name,
      url: `https://vendor.test/${name}`,
      method: "POST",
      request: { transform: { transformer: "jmespath", mapping: "@" } },
      stateNames,
      ...(kind === "api" ? { successAction: "done", errorAction: "done" } : { pluginKind: "webhook" }),
    }) as PluginConfig;
  const chart: Record<string, StateJson> = {
    idle: { on: { go: "checks" } },
    checks: {
      initial: "registry",
      on: { done: "finished", restart: "checks" },
      states: { registry: { on: { next: "sanctions", again: "registry" } }, sanctions: {} },
    },
    finished: { type: "final" },
  };
  const compiled = compileWorkflow(
    tinyDefinition(chart, {
      extensions: {
        apiPlugins: [plugin("registry_api", ["registry"], "api"), plugin("sanctions_api", ["sanctions"], "api"), plugin("audit", ["checks"], "webhook"), plugin("trace", ["checks", "registry"], "webhook")],
      },
    }),
  );
  const step = (s: RuntimeSnapshot, type: string) => applyEvent(compiled, s, { type, origin: "api" });
  const inRegistry = () => step(startWorkflow(compiled, {}).snapshot, "go");

  it("entering a compound state calls the plugins of it and of its initial leaf, each once", () => {
    expect(inRegistry().effects).toEqual([
      { kind: "webhook_plugin", pluginName: "audit", state: "checks.registry" },
      { kind: "webhook_plugin", pluginName: "trace", state: "checks.registry" },
      { kind: "api_plugin", pluginName: "registry_api", state: "checks.registry" },
    ]);
  });

  it("moving inside the compound state calls only the newly entered state's plugins", () => {
    expect(step(inRegistry().snapshot, "next").effects).toEqual([{ kind: "api_plugin", pluginName: "sanctions_api", state: "checks.sanctions" }]);
  });

  it("re-entering a state calls its plugins again, not its parent's; re-entering the parent calls both", () => {
    const registry = inRegistry().snapshot;
    expect(step(registry, "again").effects).toEqual([
      { kind: "api_plugin", pluginName: "registry_api", state: "checks.registry" },
      { kind: "webhook_plugin", pluginName: "trace", state: "checks.registry" },
    ]);
    expect(step(registry, "restart").effects.map((e) => e.pluginName)).toEqual(["audit", "trace", "registry_api"]);
    const sanctions = step(registry, "next").snapshot;
    expect(step(sanctions, "restart").effects.map((e) => e.pluginName)).toEqual(["audit", "trace", "registry_api"]);
  });

  it("leaving for a state without plugins asks for none", () => {
    expect(step(inRegistry().snapshot, "done").effects).toEqual([]);
  });
});
