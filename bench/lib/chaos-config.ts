import { randomInt } from "node:crypto";

export interface ChaosConfig {
  flows: number;
  workerKills: number;
  appKills: number;
  workers: number;
  clients: number;
  seed: number;
  /** Server of the throw-away database (any database on it the user may connect to). */
  adminUrl: string;
  /** How long to wait, after the load, for every job and webhook to finish. */
  settleMs: number;
  /** How long one request may keep retrying before its flow is counted as failed. */
  requestDeadlineMs: number;
}

/** The run's knobs from CHAOS_* variables; a bad value throws a message naming the variable. */
export function chaosConfig(env: NodeJS.ProcessEnv = process.env): ChaosConfig {
  const int = (name: string, fallback: number, min: number): number => {
    const raw = (env[name] ?? "").trim();
    if (raw === "") return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be a whole number, at least ${min} (got "${raw}")`);
    return Number(raw);
  };
  return {
    flows: int("CHAOS_FLOWS", 1000, 1),
    workerKills: int("CHAOS_WORKER_KILLS", 20, 0),
    appKills: int("CHAOS_APP_KILLS", 3, 0),
    workers: int("CHAOS_WORKERS", 2, 1),
    clients: int("CHAOS_CLIENTS", 16, 1),
    seed: int("CHAOS_SEED", randomInt(1, 2 ** 31), 0),
    adminUrl: env.CHAOS_DATABASE_URL || env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
    settleMs: int("CHAOS_SETTLE_SECONDS", 180, 1) * 1000,
    requestDeadlineMs: int("CHAOS_REQUEST_DEADLINE_SECONDS", 240, 1) * 1000,
  };
}

/** A small seeded PRNG (mulberry32): the same seed gives the same kill plan. Returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlannedKill {
  kind: "worker" | "app";
  /** Fraction of the load's API writes (run, send-event) done when the kill becomes due, in [0.05, 0.9). */
  at: number;
  /** Extra random delay once due, so kills do not line up with the writes that made them due. */
  delayMs: number;
  /** Which worker (kind "worker"). */
  worker: number;
  /** How long the killed worker stays down before it is started again (kind "worker"). */
  downMs: number;
}

/**
 * When to kill what, from the seed. Kills are placed on the load's progress rather than on the clock, so a
 * slow or busy machine still gets every kill in the middle of the load.
 *
 * @example killPlan(7, { workerKills: 2, appKills: 1, workers: 2 }).map((k) => k.kind) // e.g. ["worker", "app", "worker"]
 */
export function killPlan(seed: number, counts: { workerKills: number; appKills: number; workers: number }): PlannedKill[] {
  const random = seededRandom(seed);
  const plan: PlannedKill[] = [];
  const add = (kind: PlannedKill["kind"]) =>
    plan.push({
      kind,
      // In the first half of the writes: on a fast run the last writes go by before a late kill is due (skipped).
      at: 0.05 + random() * 0.45,
      delayMs: Math.floor(random() * 300),
      worker: Math.floor(random() * counts.workers),
      downMs: 200 + Math.floor(random() * 2800),
    });
  for (let i = 0; i < counts.workerKills; i++) add("worker");
  for (let i = 0; i < counts.appKills; i++) add("app");
  return plan.sort((a, b) => a.at - b.at);
}
