import { describe, expect, it } from "vitest";
import { applyContextPatch } from "./apply-context-patch";
import { compileWorkflow } from "./compile-workflow";
import { EngineError, RuntimeNotActiveError } from "./errors";
import { startWorkflow } from "./start-workflow";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import { thrown } from "../../tests/support/thrown";

const compiled = compileWorkflow(
  tinyDefinition({ idle: { on: { go: "done" } }, done: { type: "final" } }, { contextSchema: { type: "object", properties: { score: { type: "integer", minimum: 0 } } } }),
);
const snapshot = startWorkflow(compiled, { score: 1, keep: { a: 1 } }).snapshot;

const refusal = (patch: unknown) => thrown<EngineError>(() => applyContextPatch(compiled, snapshot, patch), "the patch was accepted");

describe("applyContextPatch", () => {
  it("is a context-only step with the changed pointers; state, tags and status stay, no effects", () => {
    const { result, pointers } = applyContextPatch(compiled, snapshot, { score: 2, keep: { b: 2 } });
    expect(pointers).toEqual(["/score", "/keep/b"]);
    expect(result).toEqual({
      snapshot: { ...snapshot, context: { score: 2, keep: { a: 1, b: 2 } } },
      previousState: "idle",
      changed: false,
      transitioned: false,
      contextChanged: true,
      completed: false,
      effects: [],
      diagnostics: [],
    });
  });

  it("changes nothing for a patch that changes nothing (no contextChanged, no pointers)", () => {
    const { result, pointers } = applyContextPatch(compiled, snapshot, { score: 1, absent: null });
    expect(pointers).toEqual([]);
    expect(result).toEqual({ snapshot, previousState: "idle", changed: false, transitioned: false, contextChanged: false, completed: false, effects: [], diagnostics: [] });
    expect(result.snapshot).toBe(snapshot);
  });

  it("refuses a patched context the contextSchema refuses, pointing into it", () => {
    const error = refusal({ score: -1 });
    expect(error.code).toBe("validation_failed");
    expect(error.errors).toEqual([{ path: "/score", message: "must be >= 0" }]);
  });

  it("says how many more the contextSchema refused beyond the first three", () => {
    const strict = compileWorkflow(
      tinyDefinition({ idle: {} }, { contextSchema: { type: "object", properties: Object.fromEntries(["a", "b", "c", "d", "e"].map((k) => [k, { type: "integer" }])) } }),
    );
    const start = startWorkflow(strict, {}).snapshot;
    const refuse = (patch: Record<string, unknown>) => {
      try {
        applyContextPatch(strict, start, patch);
      } catch (error) {
        return error as EngineError;
      }
      throw new Error("the patch was accepted");
    };
    const five = refuse({ a: "x", b: "x", c: "x", d: "x", e: "x" });
    expect(five.errors.map((e) => e.path)).toEqual(["/a", "/b", "/c", "/d", "/e"]);
    expect(five.message).toMatch(/^The patched context does not match the workflow definition's contextSchema: .*\/a.*\/b.*\/c.* \(and 2 more\)\.$/);
    expect(five.message).not.toContain("/d");
    const three = refuse({ a: "x", b: "x", c: "x" });
    expect(three.message).toMatch(/\/c[^(]*\.$/);
    expect(three.message).not.toContain("more");
    expect(refuse({ a: "x", b: "x", c: "x", d: "x" }).message).toContain("(and 1 more).");
  });

  it("refuses a patch that changes the documents, pointing at each change; other keys starting with 'documents' are context", () => {
    const withDocuments = startWorkflow(compiled, { score: 1, documents: [{ id: "d1" }] }).snapshot;
    for (const [patch, paths] of [
      [{ documents: [] }, ["/documents"]],
      [{ documents: null, score: 2 }, ["/documents"]],
    ] as const) {
      let error: EngineError | undefined;
      try {
        applyContextPatch(compiled, withDocuments, patch);
      } catch (e) {
        error = e as EngineError;
      }
      expect(error?.code).toBe("validation_failed");
      expect(error?.errors.map((e) => e.path)).toEqual(paths);
      expect(error?.errors[0].message).toMatch(/^documents change through POST, PUT and DELETE \/workflows\/\{id\}\/documents/);
      expect(error?.message).toMatch(/^The patch changes context\.documents; .*: remove 'documents' from the patch\.$/);
    }
    const nested = startWorkflow(compiled, { documents: { passport: { status: "new" } } }).snapshot;
    expect(() => applyContextPatch(compiled, nested, { documents: { passport: { status: "ok" }, visa: {} } })).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ path: "/documents/passport/status" }), expect.objectContaining({ path: "/documents/visa" })] }),
    );
    expect(applyContextPatch(compiled, withDocuments, { documentsNote: "see the file" }).pointers).toEqual(["/documentsNote"]);
  });

  it("refuses a patch that would replace the context with something not an object, at the root pointer", () => {
    const described: string[] = [];
    for (const patch of [null, [1], "x", 3]) {
      const error = refusal(patch);
      expect([error.code, error.errors[0].path]).toEqual(["validation_failed", ""]);
      expect(error.errors[0].message).toBe("the context must stay an object: send an object whose keys are merged into it (null removes a key)");
      described.push(/^The patch would replace the whole context with (.+); the context must stay an object/.exec(error.message)?.[1] ?? error.message);
    }
    expect(described).toEqual(["null", "an array", "a string", "a number"]);
  });

  it("refuses a workflow that is not active", () => {
    for (const status of ["completed", "canceled", "failed"] as const) {
      expect(() => applyContextPatch(compiled, { ...snapshot, status }, { score: 3 })).toThrow(RuntimeNotActiveError);
    }
  });
});
