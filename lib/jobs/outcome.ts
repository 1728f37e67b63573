/**
 * What a job handler decided: finished, try again later, or give up. `recorded` means the handler already wrote
 * the job's end (succeeded, rescheduled or failed) in the statement that stored its effect (see
 * `StepCause.completesJob`, `recordAttempt`), so the worker has nothing left to write.
 */
export type JobOutcome =
  | { type: "done"; recorded?: boolean }
  | { type: "retry"; delayMs: number; error: string; recorded?: boolean }
  | { type: "failed"; error: string; recorded?: boolean };

export const DONE: JobOutcome = { type: "done" };
export const DONE_AND_RECORDED: JobOutcome = { type: "done", recorded: true };
