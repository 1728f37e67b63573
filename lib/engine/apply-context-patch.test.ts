import { describe, expect, it } from "vitest";
import { applyContextPatch } from "./apply-context-patch";
import { compileWorkflow } from "./compile-workflow";
import { EngineError, RuntimeNotActiveError } from "./errors";
import { startWorkflow } from "./start-workflow";
import { tinyDefinition } from "../../tests/support/engine-fixtures";

const compiled = compileWorkflow(
  tinyDefinition({ idle: { on: { go: "done" } }, done: { type: "final" } }, { contextSchema: { type: "object", properties: { score: { type: "integer", minimum: 0 } } } }),
);
const snapshot = startWorkflow(compiled, { score: 1, keep: { a: 1 } }).snapshot;

const refusal = (patch: unknown): EngineError => {
  try {
    applyContextPatch(compiled, snapshot, patch);
  } catch (error) {
    return error as EngineError;
  }
  throw new Error("the patch was accepted");
};

describe("applyContextPatch", () => {
  it("is a context-only step with the changed pointers; state, tags and status stay, no effects", () => {
    const { result, pointers } = applyContextPatch(compiled, snapshot, { score: 2, keep: { b: 2 } });
    expect(pointers).toEqual(["/score", "/keep/b"]);
    expect(result).toMatchObject({ changed: false, transitioned: false, contextChanged: true, effects: [] });
    expect(result.snapshot).toEqual({ ...snapshot, context: { score: 2, keep: { a: 1, b: 2 } } });
  });

  it("changes nothing for a patch that changes nothing (no contextChanged, no pointers)", () => {
    const { result, pointers } = applyContextPatch(compiled, snapshot, { score: 1, absent: null });
    expect(pointers).toEqual([]);
    expect(result.contextChanged).toBe(false);
    expect(result.snapshot).toBe(snapshot);
  });

  it("refuses a patched context the contextSchema refuses, pointing into it", () => {
    const error = refusal({ score: -1 });
    expect(error.code).toBe("validation_failed");
    expect(error.errors).toEqual([{ path: "/score", message: "must be >= 0" }]);
  });

  it("refuses a patch that would replace the context with something not an object, at the root pointer", () => {
    for (const patch of [null, [1], "x", 3]) {
      const error = refusal(patch);
      expect([error.code, error.errors[0].path]).toEqual(["validation_failed", ""]);
    }
  });

  it("refuses a workflow that is not active", () => {
    for (const status of ["completed", "canceled", "failed"] as const) {
      expect(() => applyContextPatch(compiled, { ...snapshot, status }, { score: 3 })).toThrow(RuntimeNotActiveError);
    }
  });
});
