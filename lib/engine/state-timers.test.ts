import { describe, expect, it } from "vitest";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import { slaOf } from "./state-timers";
import type { StateJson } from "./types";
import { validateDefinition } from "./validate-definition";

const withFinal = (final: StateJson) => validateDefinition(tinyDefinition({ open: { on: { close: "closed" } }, closed: { type: "final", ...final } }));

describe("timers and deadlines of final states", () => {
  it("a final state cannot have 'after' timers", () => {
    expect(withFinal({ after: { PT1S: "open" } })).toContainEqual({
      pointer: "/definition/states/closed/after",
      code: "after_invalid",
      message: "final state 'closed' cannot have 'after' timers; remove 'after' or \"type\": \"final\"",
    });
  });

  it("a final state cannot have a deadline, and meta.sla takes due and warnBefore only", () => {
    const problems = withFinal({ meta: { sla: { due: "PT1H", extra: true } } });
    expect(problems).toContainEqual({ pointer: "/definition/states/closed/meta/sla", code: "sla_invalid", message: "final state 'closed' cannot have a deadline; remove 'meta.sla'" });
    expect(problems).toContainEqual({ pointer: "/definition/states/closed/meta/sla/extra", code: "sla_invalid", message: "'meta.sla' takes 'due' and 'warnBefore' only; remove 'extra'" });
    const open = validateDefinition(tinyDefinition({ open: { on: { close: "closed" }, meta: { sla: { due: "PT1H", warnBefore: "PT10M" } } }, closed: { type: "final" } }));
    expect(open).toEqual([]);
  });
});

describe("slaOf", () => {
  it("reads a state's deadline and its warning, or nothing when the due delay is unusable", () => {
    expect(slaOf({ sla: { due: "PT48H", warnBefore: "PT12H" } })).toEqual({ dueMs: 172_800_000, warnBeforeMs: 43_200_000 });
    expect(slaOf({ sla: { due: "PT1H" } })).toEqual({ dueMs: 3_600_000, warnBeforeMs: null });
    expect(slaOf({ sla: { due: "PT1H", warnBefore: "soon" } })).toEqual({ dueMs: 3_600_000, warnBeforeMs: null });
    expect(slaOf({ sla: { due: "two days" } })).toBeNull();
    expect(slaOf({ sla: "PT1H" })).toBeNull();
    expect(slaOf(undefined)).toBeNull();
  });
});
