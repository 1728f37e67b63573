import { describe, expect, it } from "vitest";
import { applyPluginResult } from "./apply-plugin-result";
import { compileWorkflow } from "./compile-workflow";
import { DefinitionInvalidError, EventNotAcceptedError } from "./errors";
import { isWebhookPlugin, splitPlugins } from "./plugin-lists";
import { startWorkflow } from "./start-workflow";
import { tinyDefinition } from "../../tests/support/engine-fixtures";

describe("error messages say what to fix", () => {
  it("a definition with many problems names the first three and counts the rest", () => {
    const problems = [1, 2, 3, 4, 5].map((n) => ({ pointer: `/definition/states/s${n}`, code: "x", message: `problem ${n}` }));
    const error = new DefinitionInvalidError(problems);
    expect(error.message).toBe("workflow definition is invalid: /definition/states/s1: problem 1; /definition/states/s2: problem 2; /definition/states/s3: problem 3 (and 2 more)");
    expect(error).toMatchObject({ code: "definition_invalid", status: 422, problems });
  });

  it("three problems are all named, with '/' for the document itself", () => {
    const error = new DefinitionInvalidError([
      { pointer: "", code: "x", message: "not an object" },
      { pointer: "/id", code: "x", message: "missing" },
      { pointer: "/version", code: "x", message: "missing" },
    ]);
    expect(error.message).toBe("workflow definition is invalid: /: not an object; /id: missing; /version: missing");
  });

  it("a compiled definition that is invalid throws the same message", () => {
    expect(() => compileWorkflow(tinyDefinition({ idle: { on: { go: "nowhere" } } }))).toThrow(/^workflow definition is invalid: \/definition\/states\/idle\/on\/go: /);
  });

  it("a state without events says it waits for a plugin result", () => {
    const error = new EventNotAcceptedError("checking", "approve", []);
    expect(error.message).toBe("state 'checking' does not accept event 'approve'; it accepts no events (it waits for a plugin result)");
    expect(new EventNotAcceptedError("review", "aprove", ["approve"]).message).toBe("state 'review' does not accept event 'aprove'; it accepts: approve");
  });

  it("an unknown plugin result names the workflow, its version and the plugins it has", () => {
    const compiled = compileWorkflow(tinyDefinition({ idle: {} }, { version: 3 }));
    const snapshot = startWorkflow(compiled, {}).snapshot;
    expect(() => applyPluginResult(compiled, snapshot, { pluginName: "ghost", expectedState: "idle", ok: true })).toThrow(
      "plugin 'ghost' is not defined in workflow 'tiny' v3; use one of: (none)",
    );
  });
});

describe("plugin kinds", () => {
  it("an entry is a webhook plugin when it says so, or when it has no action to move the workflow", () => {
    expect(isWebhookPlugin({ pluginKind: "webhook", successAction: "done" })).toBe(true);
    expect(isWebhookPlugin({ pluginKind: "api" })).toBe(false);
    expect(isWebhookPlugin({})).toBe(true);
    expect(isWebhookPlugin({ successAction: "done" })).toBe(false);
    expect(isWebhookPlugin({ errorAction: "failed" })).toBe(false);
  });

  it("splits apiPlugins by kind and takes every webhookPlugins entry as a webhook", () => {
    const lists = splitPlugins({
      apiPlugins: [{ name: "api", successAction: "ok" }, { name: "notify" }, { name: "forced", pluginKind: "webhook", successAction: "ok" }],
      webhookPlugins: [{ name: "hook", successAction: "ok" }],
    });
    expect(lists.api.map((p) => p.name)).toEqual(["api"]);
    expect(lists.webhook.map((p) => p.name)).toEqual(["notify", "forced", "hook"]);
    expect(splitPlugins({ apiPlugins: "nope" })).toEqual({ api: [], webhook: [] });
    expect(splitPlugins(undefined)).toEqual({ api: [], webhook: [] });
  });
});
