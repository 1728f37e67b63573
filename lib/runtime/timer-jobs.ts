import type { TimerPlan } from "../engine";
import type { WorkflowRuntime } from "../db/schema";
import type { NewJobRow } from "../jobs/queue";

/** What a `timer` job fires: a delayed transition (`after` entry `delay` of `node`), or a deadline's warning or breach. */
export type TimerJobPayload =
  | { runtimeId: string; timer: "after"; node: string; delay: string; leaseMs: number }
  | { runtimeId: string; timer: "sla_warning" | "sla_breached"; node: string; leaseMs: number };

/** A timer's step is one short transaction; a worker that holds it longer has died or stalled. */
const TIMER_LEASE_MS = 10_000;

/**
 * The `timer` jobs a step's `TimerPlan` starts, each due (`delayMs`) when it should fire: the `after` timers of
 * the states entered, and, when the step sets a deadline, its warning (at due − warnBefore) and its breach (at
 * due). They are inserted in the step's statement, so they exist if and only if the step commits.
 *
 * @example
 * timerJobs(runtime, { keep: [], start: [{ node: "revision", delay: "PT24H", delayMs: 86400000 }], deadline: null })
 * // [{ kind: "timer", delayMs: 86400000, payload: { timer: "after", node: "revision", delay: "PT24H", … } }]
 */
export function timerJobs(runtime: Pick<WorkflowRuntime, "id" | "projectId">, plan: TimerPlan | undefined): NewJobRow[] {
  if (!plan) return [];
  const base = { projectId: runtime.projectId, runtimeId: runtime.id, kind: "timer" as const, maxAttempts: 10 };
  const jobs: NewJobRow[] = plan.start.map((t) => {
    const payload: TimerJobPayload = { runtimeId: runtime.id, timer: "after", node: t.node, delay: t.delay, leaseMs: TIMER_LEASE_MS };
    return { ...base, delayMs: t.delayMs, payload: { ...payload } };
  });
  const { deadline } = plan;
  if (deadline && deadline !== "keep") {
    const sla = (timer: "sla_warning" | "sla_breached"): TimerJobPayload => ({ runtimeId: runtime.id, timer, node: deadline.node, leaseMs: TIMER_LEASE_MS });
    if (deadline.warnBeforeMs !== null) jobs.push({ ...base, delayMs: deadline.dueMs - deadline.warnBeforeMs, payload: { ...sla("sla_warning") } });
    jobs.push({ ...base, delayMs: deadline.dueMs, payload: { ...sla("sla_breached") } });
  }
  return jobs;
}
