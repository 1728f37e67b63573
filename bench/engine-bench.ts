/**
 * Engine micro-benchmark: transitions per second and complete example flows per second on one core.
 * Run directly: `npx tsx bench/engine-bench.ts`; or import `runEngineBench()` (e.g. from bench/index.ts).
 */
import { pathToFileURL } from "node:url";
import exampleJson from "../lib/seed/kyb-manual-review.definition.json";
import {
  applyEvent,
  applyPluginResult,
  buildPluginRequest,
  compileWorkflow,
  getPlugin,
  startWorkflow,
  type CompiledWorkflow,
  type RuntimeSnapshot,
  type WorkflowDefinitionInput,
} from "../lib/engine";

const RUN_CONTEXT = {
  entity: {
    id: "bench-entity",
    type: "business",
    data: {
      companyName: "Acme Ltd",
      registrationNumber: "HRB-1234",
      country: "DE",
      additionalInfo: { mainRepresentative: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" } },
    },
  },
  documents: [],
};

const vendorData = (score: number) => ({ registered_name: "Acme Holding GmbH", registration_number: "HRB-1234", name_fuzziness_score: score });

/** start -> `start` -> plugin success (score) -> [manual_review -> approve]; returns transitions applied. */
function runFlow(compiled: CompiledWorkflow, score: number): { steps: number; snapshot: RuntimeSnapshot } {
  let snapshot = startWorkflow(compiled, RUN_CONTEXT).snapshot;
  snapshot = applyEvent(compiled, snapshot, { type: "start", origin: "api" }).snapshot;
  snapshot = applyPluginResult(compiled, snapshot, {
    pluginName: "external_request_example",
    expectedState: "check_business_details",
    ok: true,
    data: vendorData(score),
    httpStatus: 200,
  }).snapshot;
  if (snapshot.state !== "manual_review") return { steps: 2, snapshot };
  snapshot = applyEvent(compiled, snapshot, { type: "approve", origin: "reviewer" }).snapshot;
  return { steps: 3, snapshot };
}

/** Calls `fn` repeatedly for about `ms` milliseconds; returns calls and the summed units `fn` reports. */
function measure(ms: number, fn: () => number): { calls: number; units: number; seconds: number } {
  const started = performance.now();
  let calls = 0;
  let units = 0;
  while (performance.now() - started < ms) {
    for (let i = 0; i < 100; i++) units += fn();
    calls += 100;
  }
  return { calls, units, seconds: (performance.now() - started) / 1000 };
}

/**
 * Benchmarks the engine on the worked example (kyb_manual_review_example) and returns the figures.
 *
 * @example
 * const figures = await runEngineBench(); // { transitionsPerSecond: 55000, manualReviewFlowsPerSecond: 15000, ... }
 */
export async function runEngineBench(options: { warmupMs?: number; measureMs?: number } = {}): Promise<Record<string, number>> {
  const warmupMs = options.warmupMs ?? 500;
  const measureMs = options.measureMs ?? 2500;
  const definition = exampleJson as unknown as WorkflowDefinitionInput;

  const compileStarted = performance.now();
  const compiled = compileWorkflow(definition);
  const compileMs = performance.now() - compileStarted;

  const check = runFlow(compiled, 0.7).snapshot;
  if (check.workflowFinalState !== "approved") throw new Error(`bench flow ended in ${check.state}/${check.workflowFinalState}`);
  if (runFlow(compiled, 1).snapshot.workflowFinalState !== "auto_approved") throw new Error("auto_approve flow did not auto-approve");

  measure(warmupMs, () => runFlow(compiled, 0.7).steps + runFlow(compiled, 1).steps);

  // Pure transition throughput: replay each step of both example paths from precomputed snapshots.
  const idle = startWorkflow(compiled, RUN_CONTEXT).snapshot;
  const inCheck = applyEvent(compiled, idle, { type: "start", origin: "api" }).snapshot;
  const result = (score: number) => ({ pluginName: "external_request_example", expectedState: "check_business_details", ok: true, data: vendorData(score) });
  const inReview = applyPluginResult(compiled, inCheck, result(0.7)).snapshot;
  const transitions = measure(measureMs, () => {
    applyEvent(compiled, idle, { type: "start", origin: "api" });
    applyPluginResult(compiled, inCheck, result(0.7));
    applyEvent(compiled, inReview, { type: "approve", origin: "reviewer" });
    applyPluginResult(compiled, inCheck, result(1));
    return 4;
  });
  const manual = measure(measureMs, () => runFlow(compiled, 0.7).steps);
  const auto = measure(measureMs, () => runFlow(compiled, 1).steps);
  const plugin = getPlugin(compiled, "external_request_example")!;
  const requests = measure(Math.min(measureMs, 1000), () => (buildPluginRequest(plugin, inCheck.context), 1));

  return {
    compileMs: round(compileMs),
    transitionsPerSecond: Math.round(transitions.units / transitions.seconds),
    manualReviewFlowsPerSecond: Math.round(manual.calls / manual.seconds),
    autoApproveFlowsPerSecond: Math.round(auto.calls / auto.seconds),
    pluginRequestsBuiltPerSecond: Math.round(requests.units / requests.seconds),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

const invokedDirectly = typeof process !== "undefined" && process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  runEngineBench().then(
    (figures) => {
      for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(28)} ${value.toLocaleString("en-US")}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
