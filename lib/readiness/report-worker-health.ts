import type { RunningWorker } from "../worker/worker";
import type { WorkerHealthMessage } from "./worker-processes";

const REPORT_EVERY_MS = 1_000;

/**
 * In a worker process `npm start` runs (it has an IPC channel to its parent): send the worker loop's health to
 * the parent now and about once a second, for the web servers' readiness (lib/readiness/worker-processes.ts).
 * Does nothing in a worker started on its own. Returns a function that stops the reports.
 */
export function reportWorkerHealth(worker: RunningWorker): () => void {
  if (!process.send) return () => undefined;
  const send = () => {
    if (!process.connected) return;
    const { sinceLastPollMs, stallAfterMs, running } = worker.health();
    const message: WorkerHealthMessage = { kyc: "worker-health", sinceLastPollMs, stallAfterMs, running };
    process.send!(message, undefined, undefined, () => undefined);
  };
  send();
  const timer = setInterval(send, REPORT_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
