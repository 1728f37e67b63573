// Where `npm start` runs the job worker (scripts/start.mjs), from WORKER_PROCESSES, RUN_WORKER and DATABASE_URL.
//
// On PostgreSQL the worker runs in WORKER_PROCESSES processes of its own (default 1), beside the web server
// process(es), which then run none: a burst of jobs no longer shares the event loop that answers requests. On the
// embedded database (no DATABASE_URL) only one process may open the data folder, so the worker stays in the server
// process. RUN_WORKER, the older switch, keeps its meaning where it is set and WORKER_PROCESSES is not: `true` runs
// the worker in each server process, `false` runs none (workers started separately with `npm run worker`).

const TRUE = ["true", "1", "yes"];
const FALSE = ["false", "0", "no"];

/**
 * `{ processes, serverRunsWorker, note? }`: how many worker processes to start, whether each server process runs
 * its in-process worker, and a line worth logging. Throws an Error with a one-line message for invalid settings.
 *
 * @example
 * workerPlan({ DATABASE_URL: "postgres://…" }) // { processes: 1, serverRunsWorker: false }
 * workerPlan({}) // { processes: 0, serverRunsWorker: true }: the embedded database
 */
export function workerPlan(env = process.env) {
  const raw = (env.WORKER_PROCESSES ?? "").trim();
  const runWorker = runWorkerOf(env.RUN_WORKER);
  const postgres = Boolean(env.DATABASE_URL);
  if (raw !== "" && !/^\d+$/.test(raw)) {
    throw new Error(`WORKER_PROCESSES must be a whole number of worker processes, 0 or more (got "${raw}").`);
  }
  if (raw === "") {
    if (postgres && runWorker === undefined) return { processes: 1, serverRunsWorker: false };
    return { processes: 0, serverRunsWorker: runWorker !== false };
  }
  const n = Number(raw);
  if (n === 0) return { processes: 0, serverRunsWorker: runWorker === true };
  if (!postgres) {
    return {
      processes: 0,
      serverRunsWorker: runWorker !== false,
      note: `WORKER_PROCESSES=${n} needs DATABASE_URL: the embedded database (PGlite in DATA_DIR) can only be opened by one process, so the worker runs in the server process.`,
    };
  }
  if (runWorker === true) {
    throw new Error(`RUN_WORKER=true runs the worker in each server process and WORKER_PROCESSES=${n} in processes of its own: set only one of them.`);
  }
  return { processes: n, serverRunsWorker: false };
}

/** RUN_WORKER as the app reads it (lib/config/env.ts): true, false, or undefined when unset or empty. */
function runWorkerOf(value) {
  const v = (value ?? "").trim();
  if (v === "") return undefined;
  if (TRUE.includes(v)) return true;
  if (FALSE.includes(v)) return false;
  throw new Error(`RUN_WORKER must be true or false (got "${v}").`);
}
