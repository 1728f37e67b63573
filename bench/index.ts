// `npm run bench`: prints the service's performance figures. BENCH_ONLY=engine|plugins|webhooks|webhook-jobs|handlers|queues|timers|http|flows|batch|bulk runs one part.
import { runBatchBench } from "./batch-bench";
import { runBulkBench } from "./bulk-bench";
import { runEngineBench } from "./engine-bench";
import { runHttpBench } from "./http-bench";
import { runHandlerProfile } from "./handler-profile";
import { queueBenchCases, runQueueBench } from "./queue-bench";
import { runTimerBench } from "./timer-bench";
import { runFlowsBench } from "./flows-bench";
import { goalVerdicts, recordedGoalFacts } from "./lib/goals";
import { runPluginLatencyBench } from "./plugin-latency-bench";
import { runWebhookJobBench } from "./webhook-job-bench";
import { runWebhookLatencyBench } from "./webhook-latency-bench";

function print(title: string, figures: Record<string, unknown>): void {
  console.log(`\n== ${title} ==`);
  for (const [name, value] of Object.entries(figures)) {
    const shown =
      typeof value !== "number" ? JSON.stringify(value) : Math.abs(value) >= 100 ? Math.round(value).toLocaleString("en-US") : String(Math.round(value * 10) / 10);
    console.log(`${name.padEnd(58)} ${shown}`);
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (!only || only === "engine") print("engine (pure, one core)", await runEngineBench());
  if (!only || only === "plugins") print("API plugin call: commit to vendor request (in-process worker, LISTEN/NOTIFY)", await runPluginLatencyBench());
  if (!only || only === "webhooks") print("System webhooks: commit to first delivery attempt", await runWebhookLatencyBench());
  if (!only || only === "webhook-jobs") print("System webhook delivery jobs: worker and PostgreSQL CPU per job (BENCH_DATABASE_URL: PostgreSQL)", await runWebhookJobBench());
  if (!only || only === "handlers") print("Route handlers called directly, no Next.js in front (PGlite, or BENCH_DATABASE_URL)", await runHandlerProfile());
  if (!only || only === "queues") print(`Backoffice queue pages over ${queueBenchCases().toLocaleString("en-US")} cases (median of 5)`, await runQueueBench());
  if (!only || only === "timers") print("Timers: 10,000 due in the same second, and lateness with nothing else running (BENCH_DATABASE_URL: PostgreSQL)", await runTimerBench());
  if (!only || only === "http") print("HTTP API on PostgreSQL (app, worker, database and load generator on this machine)", await runHttpBench());
  if (!only || only === "flows") print("Complete flows alone on a warm server, and their system webhooks (PostgreSQL)", await runFlowsBench());
  if (!only || only === "batch") print("Batch run and batch events over HTTP on PostgreSQL (full batches)", await runBatchBench());
  if (!only || only === "bulk") print("Bulk action over a whole queue (BENCH_DATABASE_URL: PostgreSQL)", await runBulkBench());
  printGoals();
}

/** Issue 15's goals as this run measured them: every goal of a full run, only those of the part with BENCH_ONLY. */
function printGoals(): void {
  const verdicts = goalVerdicts(recordedGoalFacts()).filter((v) => !process.env.BENCH_ONLY || v.verdict !== "not measured");
  if (verdicts.length === 0) return;
  console.log("\n== Goals (issue 15) in this run ==");
  for (const { goal, figure, verdict } of verdicts) console.log(`${verdict.toUpperCase().padEnd(12)} ${goal}${figure ? `: ${figure}` : ""}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
