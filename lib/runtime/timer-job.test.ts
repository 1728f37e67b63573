import { describe, expect, it } from "vitest";
import { compileWorkflow } from "../engine";
import type { WorkflowRuntime } from "../db/schema";
import { metrics } from "../observability/metrics";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import { snapshotOf } from "./snapshot";
import { countBreach, decideTimer } from "./timer-job";
import type { TimerJobPayload } from "./timer-jobs";

const compiled = compileWorkflow(tinyDefinition({ waiting: { after: { PT1H: "review" } }, review: { tags: ["manual_review"], on: { approve: "done" } }, done: { type: "final" } }));
const job = { id: 41, lockedBy: "worker-1" };

function locked(state: string, dueAt: Date | null = null) {
  const runtime = { id: "00000000-0000-4000-8000-000000000002", projectId: "p", state, status: "active", tags: [], context: {}, manualReviewReason: null, workflowFinalState: null, dueAt } as unknown as WorkflowRuntime;
  return { runtime, compiled, snapshot: snapshotOf(runtime) };
}
const payload = (timer: TimerJobPayload["timer"], extra: { node?: string; delay?: string } = {}): TimerJobPayload => ({ runtimeId: "r", timer, node: "review", leaseMs: 1000, ...extra }) as TimerJobPayload;

describe("decideTimer: what a timer's step does", () => {
  it("a delayed transition is taken, recorded as `after <delay>` with the timer, and completes its job", () => {
    const d = decideTimer(locked("waiting"), payload("after", { node: "waiting", delay: "PT1H" }), job, false);
    expect(d.result.snapshot.state).toBe("review");
    expect(d.cause).toMatchObject({ eventName: "after PT1H", payload: { timer: { jobId: 41, node: "waiting", after: "PT1H" } }, actor: { type: "system" }, completesJob: job });
    expect(d.cause.recordTransition).toBeUndefined();
  });

  it("a warning leaves the state, records its own row with the deadline it warns of, and emits workflow.sla.warning", () => {
    const dueAt = new Date("2026-12-01T10:00:00.000Z");
    const d = decideTimer(locked("review", dueAt), payload("sla_warning"), job, false);
    expect(d.result.snapshot.state).toBe("review");
    expect(d.result.transitioned).toBe(false);
    expect(d.cause).toMatchObject({ eventName: "workflow.sla.warning", recordTransition: false, completesJob: job });
    expect(d.cause.events).toEqual([{ eventName: "workflow.sla.warning" }]);
    expect(d.cause.history).toEqual([
      { kind: "sla_warning", eventName: "workflow.sla.warning", payload: { timer: { jobId: 41, node: "review", deadline: "sla_warning" }, dueAt: "2026-12-01T10:00:00.000Z" }, fromState: "review", toState: "review", actorType: "system" },
    ]);
  });

  it("a breach emits workflow.sla.breached; with a warning it completed now, the warning first", () => {
    const alone = decideTimer(locked("review"), payload("sla_breached"), job, false);
    expect(alone.cause.eventName).toBe("workflow.sla.breached");
    expect(alone.cause.events).toEqual([{ eventName: "workflow.sla.breached" }]);
    expect(alone.cause.history).toMatchObject([{ kind: "sla_breached", payload: { timer: { deadline: "sla_breached" }, dueAt: null } }]);

    const both = decideTimer(locked("review"), payload("sla_breached"), job, true);
    expect(both.cause.events).toEqual([{ eventName: "workflow.sla.warning" }, { eventName: "workflow.sla.breached" }]);
    expect(both.cause.history!.map((h) => [h.kind, (h.payload as { timer: { deadline: string } }).timer.deadline])).toEqual([
      ["sla_warning", "sla_warning"],
      ["sla_breached", "sla_breached"],
    ]);
    // A warning is never doubled by a warning that was completed now.
    expect(decideTimer(locked("review"), payload("sla_warning"), job, true).cause.events).toEqual([{ eventName: "workflow.sla.warning" }]);
  });
});

describe("countBreach", () => {
  const breaches = async (definition: string) => (await metrics().slaBreaches.get()).values.find((v) => v.labels.definition === definition)?.value ?? 0;

  it("counts a fired breach under its definition, and nothing else", async () => {
    const definition = `def-${Math.random().toString(36).slice(2)}`;
    countBreach({ fired: true, timer: "sla_breached", definitionId: definition });
    expect(await breaches(definition)).toBe(1);
    countBreach({ fired: false, timer: "sla_breached", definitionId: definition });
    countBreach({ fired: true, timer: "sla_warning", definitionId: definition });
    countBreach({ fired: true, timer: "after", definitionId: definition });
    countBreach({ fired: true, timer: "sla_breached", definitionId: null });
    expect(await breaches(definition)).toBe(1);
  });
});
