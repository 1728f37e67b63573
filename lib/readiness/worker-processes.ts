/**
 * Readiness of the worker processes `npm start` supervises (scripts/start.mjs, `WORKER_PROCESSES`). Each worker
 * process sends its loop's health to the parent over the IPC channel about once a second
 * (`reportWorkerHealth`); the parent relays what it knows of every worker process (last poll, restarts, why one
 * exited) to each web server process, whose `/api/health/ready` reads the latest relay here.
 */

/** What a worker process sends its parent. */
export interface WorkerHealthMessage {
  kyc: "worker-health";
  sinceLastPollMs: number;
  stallAfterMs: number;
  running: boolean;
}

/** One supervised worker process, as the parent relays it. */
export interface RelayedWorkerProcess {
  /** 1-based slot; a restarted process keeps its slot. */
  slot: number;
  /** The live process, or null between an exit and the restart. */
  pid: number | null;
  /** When the slot's process last completed a poll (epoch ms; kept across a restart), or null before the first. */
  lastPollAt: number | null;
  stallAfterMs: number;
  restarts: number;
  /** How the last process of the slot ended (`signal SIGKILL`, `code 1`), or null. */
  lastExit: string | null;
}

/** What the parent sends each web server process. */
export interface WorkerProcessesMessage {
  kyc: "worker-processes";
  sentAt: number;
  processes: RelayedWorkerProcess[];
}

/** A server's view: how many worker processes the parent runs, and its latest relay. */
export interface WorkerProcessesState {
  expected: number;
  latest?: WorkerProcessesMessage;
  /** When this process started following (the grace before the first relay counts from here). */
  since: number;
}

/** The parent relays every second; a relay older than this means the parent stopped relaying. */
const RELAY_STALE_MS = 5_000;

/**
 * Follow the parent's relays when `npm start` runs worker processes for this server (`KYC_SUPERVISED_WORKERS`
 * in its environment, set by scripts/start.mjs); undefined otherwise.
 */
export function followWorkerProcesses(env: NodeJS.ProcessEnv = process.env): WorkerProcessesState | undefined {
  const expected = Number(env.KYC_SUPERVISED_WORKERS ?? 0);
  if (!Number.isInteger(expected) || expected <= 0 || !process.send) return undefined;
  const state: WorkerProcessesState = { expected, since: Date.now() };
  process.on("message", (message: unknown) => {
    if (isRelay(message)) state.latest = message;
  });
  return state;
}

function isRelay(message: unknown): message is WorkerProcessesMessage {
  return typeof message === "object" && message !== null && (message as { kyc?: unknown }).kyc === "worker-processes";
}

/** The readiness check of supervised worker processes: ready when each has polled within its stall limit. */
export function workerProcessesCheck(
  state: WorkerProcessesState,
  now = Date.now(),
): { ok: boolean; inProcess: false; processes: { pid: number | null; sinceLastPollMs?: number; restarts: number }[]; detail?: string } {
  const latest = state.latest;
  if (!latest || now - latest.sentAt > RELAY_STALE_MS) {
    const what = latest ? `no report from the parent process (npm start) for ${now - latest.sentAt} ms` : "no report yet from the worker processes npm start runs";
    return { ok: false, inProcess: false, processes: [], detail: what };
  }
  const problems: string[] = [];
  const processes = latest.processes.map((p) => {
    const since = p.lastPollAt === null ? undefined : Math.max(0, now - p.lastPollAt);
    const name = `worker process ${p.slot}${p.pid ? ` (pid ${p.pid})` : ""}`;
    if (since === undefined) problems.push(p.pid ? `${name} is starting` : `${name} exited (${p.lastExit ?? "unknown"}) and restarts`);
    else if (since > p.stallAfterMs) {
      problems.push(p.pid ? `${name} has not polled for ${since} ms (limit ${p.stallAfterMs} ms)` : `${name} exited (${p.lastExit ?? "unknown"}) ${since} ms after its last poll and restarts`);
    }
    return { pid: p.pid, ...(since === undefined ? {} : { sinceLastPollMs: since }), restarts: p.restarts };
  });
  if (latest.processes.length < state.expected) problems.push(`${state.expected - latest.processes.length} of ${state.expected} worker processes are not running`);
  return { ok: problems.length === 0, inProcess: false, processes, ...(problems.length ? { detail: problems.join("; ") } : {}) };
}
