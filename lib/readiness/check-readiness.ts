import { checkDatabase } from "../db/health";
import { processState } from "./process-state";
import { workerProcessesCheck } from "./worker-processes";

/** How long the readiness probe waits for `select 1`. */
export const READY_DB_TIMEOUT_MS = 2_000;

export interface ReadinessCheck {
  ok: boolean;
  /** Why the check failed, in words an operator can act on (no addresses or driver messages: the route is public). */
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: {
    boot: ReadinessCheck & { phase: string };
    database: ReadinessCheck & { kind?: string; latencyMs?: number };
    worker: ReadinessCheck & { inProcess: boolean; sinceLastPollMs?: number; processes?: { pid: number | null; sinceLastPollMs?: number; restarts: number }[] };
  };
}

const PHASE_DETAIL: Record<string, string> = {
  starting: "migrations and seeding have not finished",
  failed: "start-up failed; the server log says why, and a restart retries it",
  stopping: "the process is shutting down",
};

/**
 * Whether this process should get traffic: start-up finished (migrated, seeded, worker started), the database
 * answers `select 1` within `READY_DB_TIMEOUT_MS`, and the in-process worker (when there is one) completed a poll
 * recently, or each worker process `npm start` runs beside this server did (as its parent relays). Cheap: one trivial query, and none before start-up has opened the database.
 */
export async function checkReadiness(dbTimeoutMs = READY_DB_TIMEOUT_MS): Promise<Readiness> {
  const state = processState();
  const booted = state.phase === "ready";
  const boot = { ok: booted, phase: state.phase, ...(booted ? {} : { detail: PHASE_DETAIL[state.phase] }) };

  let database: Readiness["checks"]["database"] = { ok: false, detail: "not checked before start-up finishes" };
  if (booted) {
    const started = performance.now();
    const probe = await checkDatabase(dbTimeoutMs);
    database = probe.ok
      ? { ok: true, kind: probe.kind, latencyMs: Math.round(performance.now() - started) }
      : { ok: false, kind: probe.kind, detail: `the database did not answer \`select 1\` within ${dbTimeoutMs} ms` };
  }

  let worker: Readiness["checks"]["worker"] = { ok: true, inProcess: false };
  if (state.worker) {
    const health = state.worker.health();
    worker = health.stalled
      ? {
          ok: false,
          inProcess: true,
          sinceLastPollMs: health.sinceLastPollMs,
          detail: health.running ? `the job worker has not polled for ${health.sinceLastPollMs} ms (limit ${health.stallAfterMs} ms)` : "the job worker has stopped",
        }
      : { ok: true, inProcess: true, sinceLastPollMs: health.sinceLastPollMs };
  } else if (state.workerProcesses) worker = workerProcessesCheck(state.workerProcesses);

  return { ready: boot.ok && database.ok && worker.ok, checks: { boot, database, worker } };
}
