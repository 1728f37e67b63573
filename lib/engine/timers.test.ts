import { describe, expect, it } from "vitest";
import { expectReported, tinyDefinition, type BrokenDefinition } from "../../tests/support/engine-fixtures";
import { applyEvent } from "./apply-event";
import { cancelWorkflow } from "./cancel-workflow";
import { compileWorkflow } from "./compile-workflow";
import { parseDuration } from "./duration";
import { enterState } from "./enter-state";
import { fireTimer } from "./fire-timer";
import { startWorkflow } from "./start-workflow";
import type { JsonObject, StateJson } from "./types";
import { validateDefinition } from "./validate-definition";

describe("parseDuration", () => {
  it.each([
    ["PT30S", 30_000],
    ["PT48H", 172_800_000],
    ["P14D", 1_209_600_000],
    ["P2W", 1_209_600_000],
    ["P1DT12H", 129_600_000],
    ["PT1M30S", 90_000],
    ["PT0.5S", 500],
    ["PT0S", 0],
    [2500, 2500],
    ["2500", 2500],
  ])("reads %s as %d ms", (value, ms) => expect(parseDuration(value)).toEqual({ ms }));

  it.each([
    ["P1M", /months or years, which have no fixed length; write days or weeks/],
    ["P1Y", /months or years/],
    ["-PT5S", /negative/],
    [-1, /negative/],
    ["-1000", /negative/],
    ["P401D", /over 400 days/],
    [400 * 86_400_000 + 1, /over 400 days/],
    ["30 seconds", /not an ISO 8601 duration or milliseconds; write e\.g\. 'PT30S'/],
    ["P", /not an ISO 8601 duration/],
    ["PT", /not an ISO 8601 duration/],
    ["P1H", /not an ISO 8601 duration/],
    [Number.NaN, /not a number of milliseconds/],
  ])("refuses %s", (value, message) => {
    const parsed = parseDuration(value);
    expect(parsed).toHaveProperty("error");
    expect((parsed as { error: string }).error).toMatch(message);
  });

  it("accepts exactly 400 days", () => expect(parseDuration("P400D")).toEqual({ ms: 400 * 86_400_000 }));
});

/** waiting --after--> reminded / closed; a self-transition `remind` restarts the timers; review has a deadline. */
function timedStates(extra: Record<string, StateJson> = {}): Record<string, StateJson> {
  return {
    waiting: {
      on: { remind: "waiting", review: "review", done: "closed" },
      after: {
        PT1S: [
          { target: "closed", cond: { type: "json-logic", rule: { "==": [{ var: "context.close" }, true] } } },
          { target: "reminded", cond: { type: "json-logic", rule: { "==": [{ var: "context.remind" }, true] } } },
        ],
        P14D: "closed",
      },
    },
    reminded: { on: { done: "closed" } },
    review: { meta: { sla: { due: "PT48H", warnBefore: "PT12H" } }, on: { done: "closed", again: "review", next: "review2" } },
    review2: { meta: { sla: { due: "PT2S" } }, on: { done: "closed" } },
    closed: { type: "final" },
    ...extra,
  };
}

function started(context: JsonObject = {}) {
  const compiled = compileWorkflow(tinyDefinition(timedStates(), { initial: "waiting" }));
  return { compiled, ...startWorkflow(compiled, context) };
}

describe("after: delayed transitions", () => {
  it("starts the state's timers on entry, in document order, with their delays", () => {
    const r = started();
    expect(r.timers).toEqual({ keep: [], start: [{ node: "waiting", delay: "PT1S", delayMs: 1000 }, { node: "waiting", delay: "P14D", delayMs: 1_209_600_000 }], deadline: null });
  });

  it("takes the first candidate whose cond holds, reading the context", () => {
    const both = started({ close: true, remind: true });
    expect(fireTimer(both.compiled, both.snapshot, { node: "waiting", delay: "PT1S" }).snapshot.state).toBe("closed");
    const remind = started({ remind: true });
    const r = fireTimer(remind.compiled, remind.snapshot, { node: "waiting", delay: "PT1S" });
    expect(r).toMatchObject({ transitioned: true, changed: true, previousState: "waiting" });
    expect(r.snapshot.state).toBe("reminded");
    expect(r.timers).toEqual({ keep: [], start: [], deadline: null });
  });

  it("moves nothing when every cond fails, and says so", () => {
    const { compiled, snapshot } = started();
    const r = fireTimer(compiled, snapshot, { node: "waiting", delay: "PT1S" });
    expect(r).toMatchObject({ transitioned: false, changed: false });
    expect(r.timers).toBeUndefined();
    expect(r.diagnostics).toEqual([expect.objectContaining({ kind: "no_transition", event: "after PT1S", message: expect.stringMatching(/no candidate's cond passed/) })]);
  });

  it("an unconditional timer completes the workflow", () => {
    const { compiled, snapshot } = started();
    const r = fireTimer(compiled, snapshot, { node: "waiting", delay: "P14D" });
    expect(r).toMatchObject({ completed: true, snapshot: { state: "closed", status: "completed" } });
  });

  it("a timer of a state the workflow has left is void", () => {
    const { compiled, snapshot } = started();
    const left = applyEvent(compiled, snapshot, { type: "review", origin: "api" });
    expect(left.timers).toEqual({ keep: [], start: [], deadline: { node: "review", dueMs: 172_800_000, warnBeforeMs: 43_200_000 } });
    const r = fireTimer(compiled, left.snapshot, { node: "waiting", delay: "PT1S" });
    expect(r.changed).toBe(false);
    expect(r.diagnostics[0]).toMatchObject({ kind: "no_transition", message: expect.stringMatching(/is void: the workflow is active in 'review'/) });
  });

  it("a self-transition restarts the state's timers (none kept, all started again)", () => {
    const { compiled, snapshot } = started();
    const r = applyEvent(compiled, snapshot, { type: "remind", origin: "api" });
    expect(r).toMatchObject({ changed: false, transitioned: true });
    expect(r.timers?.keep).toEqual([]);
    expect(r.timers?.start.map((t) => t.delay)).toEqual(["PT1S", "P14D"]);
  });

  it("a child's transition keeps the timers of the parent it stays in", () => {
    const compiled = compileWorkflow(
      tinyDefinition({ parent: { initial: "a", after: { PT5S: "out" }, states: { a: { on: { go: "b" }, after: { PT1S: "b" } }, b: {} } }, out: { type: "final" } }, { initial: "parent" }),
    );
    const { snapshot, timers } = startWorkflow(compiled, {});
    expect(timers?.start).toEqual([{ node: "parent", delay: "PT5S", delayMs: 5000 }, { node: "parent.a", delay: "PT1S", delayMs: 1000 }]);
    const r = applyEvent(compiled, snapshot, { type: "go", origin: "api" });
    expect(r.timers).toEqual({ keep: ["parent"], start: [], deadline: null });
    expect(fireTimer(compiled, r.snapshot, { node: "parent", delay: "PT5S" }).snapshot.state).toBe("out");
  });
});

describe("meta.sla: review deadlines", () => {
  it("is set on entry, kept while nothing leaves, set anew by a re-entry or another state's deadline, cleared on leaving", () => {
    const { compiled, snapshot } = started();
    const review = applyEvent(compiled, snapshot, { type: "review", origin: "api" });
    const again = applyEvent(compiled, review.snapshot, { type: "again", origin: "api" });
    expect(again.timers?.deadline).toEqual({ node: "review", dueMs: 172_800_000, warnBeforeMs: 43_200_000 });
    const next = applyEvent(compiled, review.snapshot, { type: "next", origin: "api" });
    expect(next.timers?.deadline).toEqual({ node: "review2", dueMs: 2000, warnBeforeMs: null });
    expect(applyEvent(compiled, next.snapshot, { type: "done", origin: "api" }).timers?.deadline).toBeNull();
  });

  it("a move into the state sets it; a cancel voids every timer and clears it", () => {
    const { compiled, snapshot } = started();
    expect(enterState(compiled, snapshot, "review", "api").timers?.deadline).toMatchObject({ node: "review" });
    expect(cancelWorkflow(snapshot).timers).toEqual({ keep: [], start: [], deadline: null });
  });
});

const S = "/definition/states";
const broken = (name: string, state: StateJson, pointer: string, code: string, fix: RegExp): BrokenDefinition => ({
  name,
  mutate: (d) => void Object.assign(d.definition.states.manual_review, state),
  pointer: `${S}/manual_review${pointer}`,
  code,
  fix,
});

describe("validation of after and meta.sla", () => {
  it.each([
    broken("an unparsable delay", { after: { soon: "approve" } }, "/after/soon", "delay_invalid", /not an ISO 8601 duration or milliseconds/),
    broken("a negative delay", { after: { "-5": "approve" } }, "/after/-5", "delay_invalid", /negative/),
    broken("a delay over 400 days", { after: { P500D: "approve" } }, "/after/P500D", "delay_invalid", /over 400 days/),
    broken("months", { after: { P1M: "approve" } }, "/after/P1M", "delay_invalid", /no fixed length/),
    broken("an unknown target", { after: { PT1S: "nowhere" } }, "/after/PT1S", "transition_target_unknown", /target 'nowhere' of event 'after PT1S'/),
    broken("an unknown target in a candidate", { after: { PT1S: [{ target: "nowhere" }] } }, "/after/PT1S/0/target", "transition_target_unknown", /is not a state/),
    broken("'after' that is not an object", { after: ["PT1S"] as unknown as Record<string, string> }, "/after", "after_invalid", /must map delays to targets/),
    broken("warnBefore not shorter than due", { meta: { sla: { due: "PT12H", warnBefore: "PT12H" } } }, "/meta/sla/warnBefore", "sla_invalid", /must be shorter than 'due'/),
    broken("an sla without due", { meta: { sla: { warnBefore: "PT1H" } } }, "/meta/sla/due", "delay_invalid", /needs 'due'/),
    broken("an unparsable due", { meta: { sla: { due: "two days" } } }, "/meta/sla/due", "delay_invalid", /not an ISO 8601 duration/),
    broken("a negative warnBefore", { meta: { sla: { due: "PT1H", warnBefore: -1 } } }, "/meta/sla/warnBefore", "delay_invalid", /negative/),
    broken("an sla that is not an object", { meta: { sla: "PT48H" } }, "/meta/sla", "sla_invalid", /must be \{ "due": "PT48H"/),
  ])("reports $name at its pointer", (c) => expectReported(c));

  it("accepts after and meta.sla on the worked example's review state", () => {
    const def = tinyDefinition(timedStates(), { initial: "waiting" });
    expect(validateDefinition(def)).toEqual([]);
  });
});
