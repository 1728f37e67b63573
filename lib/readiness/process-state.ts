import type { RunningWorker } from "../worker/worker";
import type { WorkerProcessesState } from "./worker-processes";

/**
 * What readiness needs to know about this process, written by start-up (`lib/boot.ts`) and read by
 * `GET /api/health/ready`. Kept on `globalThis`: instrumentation.ts and the route handlers are separate Next.js
 * bundles, each with its own copy of this module.
 */
export interface ProcessState {
  /** `starting` until migrations and seeding are done (and the in-process worker, if any, started). */
  phase: "starting" | "ready" | "failed" | "stopping";
  /** The in-process worker, when this process runs one. */
  worker?: RunningWorker;
  /** The worker processes `npm start` runs beside this server, when it does (`WORKER_PROCESSES`). */
  workerProcesses?: WorkerProcessesState;
}

const KEY = Symbol.for("kyc.process-state");
const holder = globalThis as { [KEY]?: ProcessState };

/** This process's state (a fresh process is `starting` with no worker). */
export function processState(): ProcessState {
  return (holder[KEY] ??= { phase: "starting" });
}

/** Record a start-up phase; `ready` and `failed` come from `boot()`, `stopping` from the signal handler. */
export function setPhase(phase: ProcessState["phase"]): void {
  processState().phase = phase;
}

/** Record the in-process worker whose loop readiness watches (`undefined`: this process runs none). */
export function setInProcessWorker(worker: ProcessState["worker"]): void {
  processState().worker = worker;
}

/** Record the worker processes `npm start` supervises for this server (`undefined`: none). */
export function setWorkerProcesses(state: ProcessState["workerProcesses"]): void {
  processState().workerProcesses = state;
}
