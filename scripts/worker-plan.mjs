// Where `npm start` runs the job worker (scripts/start.mjs), from WORKER_PROCESSES, RUN_WORKER and DATABASE_URL.
//
// On PostgreSQL the worker runs in WORKER_PROCESSES processes of its own (default 1), beside the web server
// process(es), which then run none: a burst of jobs no longer shares the event loop that answers requests. On the
// embedded database (no DATABASE_URL) only one process may open the data folder, so the worker stays in the server
// process whatever WORKER_PROCESSES says (only RUN_WORKER=false turns it off). RUN_WORKER, the older switch, keeps
// its meaning where it is set and WORKER_PROCESSES is not: `true` runs the worker in each server process, `false`
// runs none (workers started separately with `npm run worker`). WORKER_PROCESSES=0 on PostgreSQL starts no worker
// process; the servers then run the worker only with RUN_WORKER=true.

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
  // On the embedded database no other process can run the worker, so WORKER_PROCESSES (even 0) leaves it in the
  // server, as RUN_WORKER says; only RUN_WORKER=false turns it off there.
  if (!postgres) {
    return {
      processes: 0,
      serverRunsWorker: runWorker !== false,
      ...(n > 0
        ? { note: `WORKER_PROCESSES=${n} needs DATABASE_URL: the embedded database (PGlite in DATA_DIR) can only be opened by one process, so the worker runs in the server process.` }
        : {}),
    };
  }
  if (n === 0) {
    if (runWorker !== undefined) return { processes: 0, serverRunsWorker: runWorker };
    return { processes: 0, serverRunsWorker: false, note: "WORKER_PROCESSES=0: npm start runs no job worker; run `npm run worker` separately, or set RUN_WORKER=true to run it in each server process." };
  }
  if (runWorker === true) {
    throw new Error(`RUN_WORKER=true runs the worker in each server process and WORKER_PROCESSES=${n} in processes of its own: set only one of them.`);
  }
  return { processes: n, serverRunsWorker: false };
}

/**
 * RUN_WORKER as the app reads it (lib/config/env.ts): true, false, or undefined when unset or empty. Not trimmed,
 * as there: a value the worker processes (which inherit it) would refuse must stop `npm start` here instead.
 */
function runWorkerOf(value) {
  const v = value ?? "";
  if (v === "") return undefined;
  if (TRUE.includes(v)) return true;
  if (FALSE.includes(v)) return false;
  throw new Error(`RUN_WORKER must be true or false (got "${v}").`);
}
