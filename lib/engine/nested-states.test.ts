import { describe, expect, it } from "vitest";
import { acceptedEvents } from "./accepted-events";
import { applyEvent } from "./apply-event";
import { compileWorkflow } from "./compile-workflow";
import { startWorkflow } from "./start-workflow";
import { toDottedPath, toStateValue } from "./state-value";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import type { RuntimeSnapshot, StateJson } from "./types";

// Compound states: where a run starts, how targets are written, which events and tags apply, when a run completes.

const chart: Record<string, StateJson> = {
  onboarding: {
    initial: "collect",
    tags: ["onboarding"],
    on: { cancel: "cancelled" },
    states: {
      collect: { on: { submit: "verify" } },
      verify: {
        initial: "documents",
        tags: ["checks"],
        states: {
          documents: { on: { documents_ok: "registry", skip: "#tiny_v1.onboarding.verify.registry" } },
          registry: { id: "registry_check", on: { registry_ok: "#tiny_v1.done", flag: "#reviewer" } },
        },
        on: { restart: ".documents" },
      },
      reviewing: { id: "reviewer", tags: ["manual_review"], on: { approve: "wrapped_up" } },
      wrapped_up: { type: "final" },
    },
  },
  done: { type: "final", tags: ["approved"] },
  cancelled: { type: "final", tags: ["rejected"], meta: { outcome: "auto_rejected" } },
};

const compiled = compileWorkflow(tinyDefinition(chart, { version: 7 }));
const send = (snapshot: RuntimeSnapshot, type: string) => applyEvent(compiled, snapshot, { type, origin: "api" }).snapshot;
const start = () => startWorkflow(compiled, {}).snapshot;

describe("compound states", () => {
  it("a run starts in the initial leaf of a compound initial state, with the tags of every active state", () => {
    const s = start();
    expect(s.state).toBe("onboarding.collect");
    expect(compiled.initialState).toBe(s.state);
    expect(s.tags).toEqual(["onboarding"]);
    const verifying = send(s, "submit");
    expect(verifying.state).toBe("onboarding.verify.documents");
    expect(verifying.tags).toEqual(["onboarding", "checks"]);
  });

  it("a leaf accepts its own events and those of every ancestor", () => {
    const verifying = send(start(), "submit");
    expect(acceptedEvents(compiled, verifying)).toEqual(["documents_ok", "skip", "restart", "cancel"]);
    expect(send(verifying, "cancel").state).toBe("cancelled");
  });

  it("resolves sibling, child ('.x'), explicit id ('#id') and machine-path ('#machine.path') targets", () => {
    const documents = send(start(), "submit");
    const registry = send(documents, "documents_ok");
    expect(registry.state).toBe("onboarding.verify.registry");
    expect(send(documents, "skip").state).toBe("onboarding.verify.registry");
    expect(send(registry, "restart").state).toBe("onboarding.verify.documents");
    expect(send(registry, "flag").state).toBe("onboarding.reviewing");
    const done = send(registry, "registry_ok");
    expect(done).toMatchObject({ state: "done", status: "completed" });
  });

  it("a final state inside a compound state does not complete the run; a top-level one does, with its meta.outcome", () => {
    const reviewing = send(send(send(start(), "submit"), "documents_ok"), "flag");
    const wrapped = send(reviewing, "approve");
    expect(wrapped).toMatchObject({ state: "onboarding.wrapped_up", status: "active", workflowFinalState: null });
    expect(send(wrapped, "cancel")).toMatchObject({ state: "cancelled", status: "completed", workflowFinalState: "auto_rejected" });
  });

  it("no events are accepted once the run has completed", () => {
    const cancelled = send(start(), "cancel");
    expect(acceptedEvents(compiled, cancelled)).toEqual([]);
    expect(() => send(cancelled, "submit")).toThrow(/has completed in state 'cancelled' and accepts no more events/);
  });

  it("keeps the definition's id and version, and none when the version is not a number", () => {
    expect(compiled).toMatchObject({ id: "tiny", version: 7 });
    expect(compileWorkflow({ ...tinyDefinition(chart), version: undefined as unknown as number }).version).toBeNull();
  });
});

describe("state values", () => {
  it("convert between dotted paths and XState values both ways", () => {
    for (const path of ["idle", "review.pending", "a.b.c.d"]) expect(toDottedPath(toStateValue(path))).toBe(path);
    expect(toStateValue("review.pending")).toEqual({ review: "pending" });
    expect(toDottedPath({ review: {} })).toBe("review");
    expect(toDottedPath({ a: { b: "c" } })).toBe("a.b.c");
  });

  it("refuse parallel state values", () => {
    expect(() => toDottedPath({ a: "x", b: "y" })).toThrow(/parallel state values are not supported/);
  });
});
