/** What a job handler decided: finished, try again later, or give up. */
export type JobOutcome = { type: "done" } | { type: "retry"; delayMs: number; error: string } | { type: "failed"; error: string };

export const DONE: JobOutcome = { type: "done" };
