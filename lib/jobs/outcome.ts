/**
 * What a job handler decided: finished, try again later, or give up. `recorded` means the handler already
 * marked the job succeeded in the transaction that stored its effect (see `StepCause.completesJob`), so the
 * worker has nothing left to write.
 */
export type JobOutcome = { type: "done"; recorded?: boolean } | { type: "retry"; delayMs: number; error: string } | { type: "failed"; error: string };

export const DONE: JobOutcome = { type: "done" };
export const DONE_AND_RECORDED: JobOutcome = { type: "done", recorded: true };
