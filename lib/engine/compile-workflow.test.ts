import { describe, expect, it } from "vitest";
import { acceptedEvents } from "./accepted-events";
import { applyEvent } from "./apply-event";
import { compileWorkflow } from "./compile-workflow";
import { DefinitionInvalidError } from "./errors";
import { getPlugin, listPlugins } from "./list-plugins";
import { startWorkflow } from "./start-workflow";
import { exampleDefinition, runContext, tinyDefinition } from "../../tests/support/engine-fixtures";
import type { PluginConfig, StateJson } from "./types";

const webhook = (name: string, stateNames: string[]): PluginConfig => ({
  name,
  url: "https://hooks.test/{entity.id}",
  method: "POST",
  stateNames,
  request: { transform: { transformer: "jmespath", mapping: "@" } },
});

describe("compileWorkflow", () => {
  it("throws DefinitionInvalidError with the problems", () => {
    const def = tinyDefinition({ idle: { on: { go: "nowhere" } } });
    let caught: unknown;
    try {
      compileWorkflow(def);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DefinitionInvalidError);
    const error = caught as DefinitionInvalidError;
    expect(error.code).toBe("definition_invalid");
    expect(error.status).toBe(422);
    expect(error.problems).toEqual([expect.objectContaining({ pointer: "/definition/states/idle/on/go", code: "transition_target_unknown" })]);
    expect(error.message).toContain("target 'nowhere'");
  });

  it("deep-merges machine context defaults under the run context (the run wins)", () => {
    const def = tinyDefinition({ idle: {} });
    def.definition.context = { api_config: { url: "https://default.test", special_header: "x" }, documents: ["default"], flag: true };
    const compiled = compileWorkflow(def);
    const { snapshot, contextChanged } = startWorkflow(compiled, { api_config: { url: "https://run.test" }, documents: [] });
    expect(snapshot.context).toEqual({ api_config: { url: "https://run.test", special_header: "x" }, documents: [], flag: true });
    expect(contextChanged).toBe(false);
    // The compiled defaults are not aliased into (and cannot be changed through) a run's context.
    (snapshot.context.api_config as Record<string, unknown>).special_header = "mutated";
    expect(startWorkflow(compiled, {}).snapshot.context.api_config).toEqual({ url: "https://default.test", special_header: "x" });
  });

  it("is reusable: one compiled workflow serves independent runs", () => {
    const compiled = compileWorkflow(exampleDefinition());
    const a = startWorkflow(compiled, runContext()).snapshot;
    const b = startWorkflow(compiled, { ...runContext(), entity: { id: "other" } }).snapshot;
    const moved = applyEvent(compiled, a, { type: "start", origin: "api" }).snapshot;
    expect(moved.state).toBe("check_business_details");
    expect(a.state).toBe("idle");
    expect(b.context.entity).toEqual({ id: "other" });
  });

  it("emits plugin effects for the initial state", () => {
    const def = tinyDefinition({ idle: { on: { go: "done" } }, done: { type: "final" } }, { extensions: { webhookPlugins: [webhook("hello", ["idle"])] } });
    const result = startWorkflow(compileWorkflow(def), { entity: { id: "e" } });
    expect(result.previousState).toBe("");
    expect(result.effects).toEqual([{ kind: "webhook_plugin", pluginName: "hello", state: "idle" }]);
  });
});

describe("plugins", () => {
  it("lists API and webhook plugins of the example, by kind and by name", () => {
    const compiled = compileWorkflow(exampleDefinition());
    const lists = listPlugins(compiled);
    expect(lists.api.map((p) => p.name)).toEqual(["external_request_example"]);
    expect(lists.webhook.map((p) => p.name)).toEqual(["finish_webhook", "fail_webhook"]);
    expect(getPlugin(compiled, "fail_webhook")?.url).toBe("{api_config.webhook_url}/fail");
    expect(getPlugin(compiled, "nope")).toBeNull();
  });

  it("accepts webhook plugins in extensions.webhookPlugins and action-less apiPlugins entries", () => {
    const def = tinyDefinition(
      { idle: { on: { go: "done" } }, done: { type: "final", tags: ["approved"] } },
      { extensions: { apiPlugins: [webhook("legacy_hook", ["done"])], webhookPlugins: [webhook("new_hook", ["done"])] } },
    );
    const compiled = compileWorkflow(def);
    expect(listPlugins(compiled).webhook.map((p) => p.name)).toEqual(["legacy_hook", "new_hook"]);
    const result = applyEvent(compiled, startWorkflow(compiled, {}).snapshot, { type: "go", origin: "api" });
    expect(result.effects).toEqual([
      { kind: "webhook_plugin", pluginName: "legacy_hook", state: "done" },
      { kind: "webhook_plugin", pluginName: "new_hook", state: "done" },
    ]);
  });
});

describe("nested states", () => {
  const chart: Record<string, StateJson> = {
    intake: { on: { submit: "review" } },
    review: {
      tags: ["manual_review"],
      initial: "pending",
      on: { cancel: "cancelled" },
      states: {
        pending: { on: { claim: "claimed" } },
        claimed: { id: "claimed_review", tags: ["assigned"], on: { approve: "#tiny_v1.approved", unclaim: "pending" } },
      },
    },
    approved: { type: "final", tags: ["approved"] },
    cancelled: { type: "final", tags: ["rejected"] },
  };
  const def = tinyDefinition(chart, {
    extensions: { webhookPlugins: [webhook("on_review", ["review"]), webhook("on_claim", ["review.claimed"]), webhook("on_pending", ["pending"])] },
  });

  it("enters the initial child, reports dotted paths, union tags and effects per entered node", () => {
    const compiled = compileWorkflow(def);
    const inReview = applyEvent(compiled, startWorkflow(compiled, { entity: { id: "e" } }).snapshot, { type: "submit", origin: "api" });
    expect(inReview.snapshot.state).toBe("review.pending");
    expect(inReview.snapshot.tags).toEqual(["manual_review"]);
    expect(inReview.effects.map((e) => e.pluginName)).toEqual(["on_review", "on_pending"]);
    expect(acceptedEvents(compiled, inReview.snapshot)).toEqual(["claim", "cancel"]);

    const claimed = applyEvent(compiled, inReview.snapshot, { type: "claim", origin: "reviewer" });
    expect(claimed.snapshot.state).toBe("review.claimed");
    expect(claimed.snapshot.tags).toEqual(["manual_review", "assigned"]);
    expect(claimed.effects.map((e) => e.pluginName)).toEqual(["on_claim"]); // 'review' was not re-entered
  });

  it("handles an ancestor's event from a child and '#id' targets out of the compound state", () => {
    const compiled = compileWorkflow(def);
    const review = applyEvent(compiled, startWorkflow(compiled, {}).snapshot, { type: "submit", origin: "api" }).snapshot;
    expect(applyEvent(compiled, review, { type: "cancel", origin: "reviewer" }).snapshot).toMatchObject({ state: "cancelled", workflowFinalState: "rejected" });
    const claimed = applyEvent(compiled, review, { type: "claim", origin: "reviewer" }).snapshot;
    expect(applyEvent(compiled, claimed, { type: "approve", origin: "reviewer" }).snapshot).toMatchObject({ state: "approved", status: "completed", workflowFinalState: "approved" });
  });
});
