/** Where `npm start` runs the job worker (see worker-plan.mjs). Throws an Error with a one-line message when invalid. */
export function workerPlan(env?: Record<string, string | undefined>): { processes: number; serverRunsWorker: boolean; note?: string };
