// `npx tsx bench/request-log-bench.ts`: the CPU one request's observation costs (scope, route pattern, log line
// written to /dev/null, histogram), measured in-process so the machine's load does not drown it: a trivial
// handler called through observeRequest against the same handler called directly, alternating rounds; the same
// for a job attempt through observeJob.
import pino from "pino";
import { observeRequest } from "../lib/api/http/request-log";
import type { Job } from "../lib/db/schema";
import { setLogDestination } from "../lib/observability/logger";
import { observeJob } from "../lib/worker/observe-job";

const N = Number(process.env.BENCH_ITERATIONS ?? 50_000);
const ROUNDS = 5;
// The destination production uses (sonic-boom, asynchronous), pointed at /dev/null.
setLogDestination(pino.destination({ dest: "/dev/null", sync: false }));

const req = new Request("http://localhost/api/v1/external/workflows/0f8c6b9e-1111-4222-8333-444455556666/send-event", { method: "POST" });
const handler = async () => new Response("{}", { status: 200 });

const job = {
  id: 1,
  projectId: "default",
  kind: "api_plugin",
  runtimeId: "0f8c6b9e-1111-4222-8333-444455556666",
  payload: { trace: { requestId: "bench-request-0001", traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" } },
  attempts: 1,
} as unknown as Job;
const perform = async () => ({ type: "done" as const });

async function time(observed: boolean, what: "request" | "job"): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    if (what === "job") await (observed ? observeJob(job, perform) : perform());
    else if (observed) await observeRequest(req, `bench-${i}-request`, handler);
    else await handler();
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / N; // µs of CPU per request
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median µs of CPU the observation adds per call, over alternating rounds after a warm-up. */
async function cost(what: "request" | "job"): Promise<string> {
  await time(true, what);
  await time(false, what);
  const observed: number[] = [];
  const bare: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    bare.push(await time(false, what));
    observed.push(await time(true, what));
  }
  return (median(observed) - median(bare)).toFixed(1);
}

async function main() {
  const figures = { iterations: N, "µs CPU per HTTP request observed": await cost("request"), "µs CPU per job attempt observed": await cost("job") };
  console.log(JSON.stringify(figures, null, 2));
}

void main();
