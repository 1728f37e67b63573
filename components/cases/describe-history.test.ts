import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "@/lib/runtime/history-view";
import { describeHistory } from "./describe-history";

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  kind: "transition",
  eventName: null,
  fromState: "revision",
  toState: "revision",
  actor: { type: "system", id: null },
  payload: null,
  at: "2026-05-01T10:00:00.000Z",
  ...over,
});
const describeOne = (over: Partial<HistoryEntry>) => describeHistory([entry(over)], (id) => id)[0];

describe("describeHistory: time", () => {
  it("names a delayed transition that fired, its delay, its state and where it led", () => {
    const timer = { jobId: 7, node: "revision", after: "P14D" };
    expect(describeOne({ eventName: "after P14D", toState: "auto_reject", payload: { timer } })).toMatchObject({
      kind: "timer",
      title: "Timer after P14D of “revision” fired: revision → auto_reject",
      actor: "System",
    });
    expect(describeOne({ eventName: "after PT24H", payload: { timer: { node: "revision", after: "PT24H" } } }).title).toBe("Timer after PT24H of “revision” fired: “revision” entered again");
  });

  it("shows a deadline's warning and breach with the deadline in UTC, the breach as a failure", () => {
    const payload = { timer: { node: "manual_review", deadline: "sla_warning" }, dueAt: "2026-05-03T10:00:00.000Z" };
    expect(describeOne({ kind: "sla_warning", eventName: "workflow.sla.warning", toState: "manual_review", payload })).toMatchObject({
      title: "Review deadline near in “manual_review”: due 2026-05-03 10:00:00 UTC",
    });
    const breached = describeOne({ kind: "sla_breached", eventName: "workflow.sla.breached", toState: "manual_review", payload });
    expect(breached).toMatchObject({ title: "Review deadline passed in “manual_review” (was due 2026-05-03 10:00:00 UTC)", failed: true });
  });

  it("shows a kind it does not know by its name and event, with its payload", () => {
    expect(describeOne({ kind: "sla_escalated", eventName: "workflow.sla.escalated", payload: { to: "senior" } })).toMatchObject({
      title: "sla escalated: workflow.sla.escalated",
      details: { to: "senior" },
    });
  });
});

describe("describeHistory: four-eyes votes", () => {
  const required = { approvals: 2, rejections: 1 };
  const voter = { type: "reviewer", id: "ana" };

  it("shows a vote that did not decide as a vote with its count, and the deciding one with its move", () => {
    const first = describeOne({ kind: "decision", eventName: "approve", fromState: "manual_review", toState: "manual_review", actor: voter, payload: { decision: "approve", reason: null, applied: false, vote: "approve", approvals: 1, rejections: 0, required } });
    expect(first).toMatchObject({ title: "Vote “approve” (approval 1 of 2)", actor: "ana" });
    const deciding = describeHistory(
      [
        entry({ id: 2, kind: "decision", eventName: "approve", fromState: "manual_review", toState: "approve", actor: voter, payload: { decision: "approve", reason: null, applied: true, vote: "approve", approvals: 2, rejections: 0, required } }),
        entry({ id: 3, kind: "transition", eventName: "approve", fromState: "manual_review", toState: "approve", actor: voter }),
      ],
      (id) => id,
    );
    expect(deciding.map((i) => i.title)).toEqual(["Decision “approve”: manual_review → approve (approval 2 of 2)"]);
    expect(describeOne({ kind: "decision", eventName: "reject", actor: voter, payload: { decision: "reject", reason: "Forged", applied: false, vote: "reject", approvals: 0, rejections: 1, required: { approvals: 2, rejections: 2 } } }).title).toBe("Vote “reject” (rejection 1 of 2) — “Forged”");
  });
});
