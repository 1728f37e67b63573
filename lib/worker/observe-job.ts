import type { Job } from "../db/schema";
import type { JobOutcome } from "../jobs/outcome";
import { jobTraceOf } from "../observability/job-trace";
import { unredactedLogger } from "../observability/logger";
import { metrics } from "../observability/metrics";
import { runInScope, type RequestScope } from "../observability/request-scope";
import { newSpanId, newTraceId } from "../observability/trace-context";
import { openSpan, SpanKind } from "../observability/tracing";

/**
 * Perform one job attempt observed: in a scope carrying the request id (and trace) of the request whose step
 * enqueued the job, so its outgoing calls and the jobs it enqueues continue that chain; in a span linked to that
 * request's span when tracing is on; then one log line (kind, runtime, attempt, outcome, duration, request id)
 * and the job metrics.
 */
export async function observeJob(job: Job, perform: () => Promise<JobOutcome>): Promise<JobOutcome> {
  const observation = startObservation(job);
  let outcome: JobOutcome = { type: "failed", error: "the attempt did not finish" };
  try {
    outcome = await observation.run(perform);
    return outcome;
  } finally {
    observation.end(outcome);
  }
}

/** One job attempt being observed: `run` its work in the job's scope and span, then `end` it with its outcome, once. */
export interface JobObservation {
  run<T>(fn: () => T): T;
  /** Log the attempt and count it in the metrics. */
  end(outcome: JobOutcome): void;
  /** Close the span without a log line or metric: the attempt's work was rolled back and is attempted again. */
  discard(reason: string): void;
}

/**
 * `observeJob` in two halves, for work whose outcome is known only later: a batch of timers fired in one
 * transaction logs each timer's attempt once the transaction has committed (lib/worker/fire-timers.ts).
 */
export function startObservation(job: Job): JobObservation {
  const started = performance.now();
  const origin = jobTraceOf(job.payload);
  const scope: RequestScope = {
    requestId: origin?.requestId ?? `job-${job.id}`,
    trace: { traceId: origin?.trace.traceId ?? newTraceId(), spanId: newSpanId(), sampled: true },
    projectId: job.projectId,
  };
  const span = openSpan(`job ${job.kind}`, {
    kind: SpanKind.CONSUMER,
    links: origin ? [origin.trace] : undefined,
    attributes: { "kyc.job_id": job.id, "kyc.job_kind": job.kind, "kyc.attempt": job.attempts, "kyc.request_id": scope.requestId, "kyc.runtime_id": job.runtimeId ?? "" },
  });
  if (span) scope.trace = { ...span.span.spanContext(), sampled: true };
  return {
    run: (fn) => runInScope(scope, () => (span ? span.run(fn) : fn())),
    discard: (reason) => span?.end(reason),
    end(outcome) {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const result = outcome.type;
      metrics().jobAttempts.inc({ kind: job.kind, outcome: result });
      metrics().jobDuration.observe({ kind: job.kind }, durationMs / 1000);
      span?.end(outcome.type === "done" ? undefined : outcome.error, { "kyc.outcome": result });
      const line = {
        requestId: scope.requestId,
        jobId: job.id,
        kind: job.kind,
        runtimeId: job.runtimeId,
        projectId: job.projectId,
        attempt: job.attempts,
        outcome: result,
        durationMs,
        ...(outcome.type === "done" ? {} : { error: outcome.error.slice(0, 300) }),
      };
      if (result === "failed") unredactedLogger().warn(line, "job attempt");
      else unredactedLogger().info(line, "job attempt");
    },
  };
}
