import type { InterleavedCost } from "./interleaved";

/**
 * The figures issue 15's goals are judged on, as the parts of one `npm run bench` measure them (`recordGoalFacts`);
 * a part that did not run leaves its facts out, and its goals read "not measured".
 */
export interface GoalFacts {
  /** Items/s of full run-batch requests (500 items, 8 clients). */
  batchRunsPerSecond?: number;
  /** Items/s of full send-events requests of a plain transition: the single-transition step the goal compares with. */
  batchPlainEventsPerSecond?: number;
  /** The interleaved slices' app CPU per request, by kind (`health`, `echo`, `run`, `plain event`, …). */
  interleaved?: Record<string, InterleavedCost>;
  /** Worker CPU per system webhook delivery job, ms. */
  webhookJobWorkerMs?: number;
  /** `workflow.completed`, from the approving answer to the receiver, under the flow load, ms. */
  webhookLatency?: { p50: number; p99: number };
  /** Seconds each bulk action took over the bulk part's cases (`Infinity`: it did not complete every case). */
  bulkSeconds?: { database: string; cases: number; byAction: Record<string, number> };
  /** The slowest queue query, ms, over the queue part's cases. */
  queueSlowestMs?: { cases: number; ms: number; query: string };
}

export interface GoalVerdict {
  goal: string;
  figure: string;
  verdict: "met" | "missed" | "not measured";
}

const facts: GoalFacts = {};

/** Add what one part measured to this process's goal facts. */
export function recordGoalFacts(more: GoalFacts): void {
  Object.assign(facts, more);
}

/** The facts recorded so far in this process. */
export function recordedGoalFacts(): GoalFacts {
  return facts;
}

const MAX_RATIO = 1.5;
const verdict = (met: boolean): GoalVerdict["verdict"] => (met ? "met" : "missed");
const times = (ratio: number) => `×${ratio.toFixed(2)}`;

/**
 * Each goal of issue 15 against `f`. A single request's cost is judged against the floor the issue names: `GET
 * /api/health`, or the trivial POST (`echo`) where that costs more over the whole measurement; the figure always
 * shows the ratio to both.
 *
 * @example
 * goalVerdicts({ batchRunsPerSecond: 6671 })[0] // { goal: "batch runs ≥ 5,000/s", figure: "6,671/s", verdict: "met" }
 */
export function goalVerdicts(f: GoalFacts): GoalVerdict[] {
  const out: GoalVerdict[] = [];
  const perSecond = (goal: string, value: number | undefined) =>
    out.push(value === undefined ? { goal, figure: "", verdict: "not measured" } : { goal, figure: `${Math.round(value).toLocaleString("en-US")}/s`, verdict: verdict(value >= 5_000) });
  perSecond("batch runs ≥ 5,000/s", f.batchRunsPerSecond);
  perSecond("batch events (a plain transition) ≥ 5,000/s", f.batchPlainEventsPerSecond);

  const health = f.interleaved?.health?.ms;
  const echo = f.interleaved?.echo?.ms;
  const floor = health && echo && echo > health ? { name: "the echo", ms: echo } : health ? { name: "health", ms: health } : undefined;
  for (const [kind, label] of [["run", "a single run"], ["plain event", "a single plain event"], ["event with its vendor call", "a single event with its vendor call"]] as const) {
    const goal = `${label} ≤ ×1.5 of health's app CPU (or of the echo where it costs more)`;
    const ms = f.interleaved?.[kind]?.ms;
    if (!floor || !health || !ms) {
      out.push({ goal, figure: "", verdict: "not measured" });
      continue;
    }
    const ofEcho = echo ? `, ${times(ms / echo)} of the echo` : "";
    out.push({ goal, figure: `${ms} ms: ${times(ms / health)} of health${ofEcho}; floor ${floor.name}`, verdict: verdict(ms / floor.ms <= MAX_RATIO) });
  }
  const job = f.webhookJobWorkerMs;
  const jobGoal = "a webhook job ≤ ×1.5 of health's app CPU (worker CPU per job)";
  if (job === undefined || !floor || !health) out.push({ goal: jobGoal, figure: "", verdict: "not measured" });
  else out.push({ goal: jobGoal, figure: `${job} ms: ${times(job / health)} of health${echo ? `, ${times(job / echo)} of the echo` : ""}; floor ${floor.name}`, verdict: verdict(job / floor.ms <= MAX_RATIO) });

  const latency = f.webhookLatency;
  out.push(
    latency
      ? { goal: "webhook latency under the flow load p50 ≤ 50 ms, p99 ≤ 250 ms", figure: `p50 ${latency.p50} ms, p99 ${latency.p99} ms`, verdict: verdict(latency.p50 <= 50 && latency.p99 <= 250) }
      : { goal: "webhook latency under the flow load p50 ≤ 50 ms, p99 ≤ 250 ms", figure: "", verdict: "not measured" },
  );

  const bulk = f.bulkSeconds;
  const bulkGoal = "a 50,000-case bulk action on PostgreSQL in under 60 s";
  const seconds = Object.values(bulk?.byAction ?? {});
  if (!bulk || bulk.database !== "postgres" || bulk.cases < 50_000 || seconds.length === 0) {
    out.push({ goal: bulkGoal, figure: bulk ? `${bulk.cases.toLocaleString("en-US")} cases on ${bulk.database}` : "", verdict: "not measured" });
  } else {
    const figure = Object.entries(bulk.byAction).map(([action, s]) => `${action} ${Number.isFinite(s) ? `${s} s` : "did not complete"}`).join(", ");
    out.push({ goal: bulkGoal, figure, verdict: verdict(Math.max(...seconds) < 60) });
  }

  const queue = f.queueSlowestMs;
  const queueGoal = "every queue query within 100 ms at 1,000,000 cases";
  if (!queue || queue.cases < 1_000_000) out.push({ goal: queueGoal, figure: queue ? `${queue.cases.toLocaleString("en-US")} cases only` : "", verdict: "not measured" });
  else out.push({ goal: queueGoal, figure: `slowest ${queue.ms} ms (${queue.query})`, verdict: verdict(queue.ms <= 100) });
  return out;
}
