import { describe, expect, it } from "vitest";
import { workerPlan } from "../scripts/worker-plan.mjs";

const PG = "postgres://kyc@127.0.0.1:5432/kyc";
type Env = Record<string, string | undefined>;

/** The plan without its note, for the tables below (notes have tests of their own). */
const planOf = (env: Env) => {
  const { processes, serverRunsWorker } = workerPlan(env);
  return { processes, serverRunsWorker };
};

describe("workerPlan: where npm start runs the job worker", () => {
  // [WORKER_PROCESSES, RUN_WORKER, processes, serverRunsWorker] on PostgreSQL.
  const onPostgres: [string | undefined, string | undefined, number, boolean][] = [
    [undefined, undefined, 1, false],
    [undefined, "true", 0, true],
    [undefined, "false", 0, false],
    ["", "", 1, false],
    ["0", undefined, 0, false],
    ["0", "true", 0, true],
    ["0", "false", 0, false],
    ["1", undefined, 1, false],
    ["1", "false", 1, false],
    ["3", undefined, 3, false],
    ["3", "no", 3, false],
    [" 2 ", undefined, 2, false],
  ];
  it.each(onPostgres)("on PostgreSQL, WORKER_PROCESSES=%j RUN_WORKER=%j: %i worker process(es), in-process worker %j", (wp, rw, processes, serverRunsWorker) => {
    expect(planOf({ DATABASE_URL: PG, WORKER_PROCESSES: wp, RUN_WORKER: rw })).toEqual({ processes, serverRunsWorker });
  });

  // On the embedded database the worker stays in the server whatever WORKER_PROCESSES says; RUN_WORKER=false alone turns it off.
  const embedded: [string | undefined, string | undefined, boolean][] = [
    [undefined, undefined, true],
    [undefined, "true", true],
    [undefined, "false", false],
    ["0", undefined, true],
    ["0", "true", true],
    ["0", "false", false],
    ["1", undefined, true],
    ["2", "yes", true],
    ["2", "0", false],
  ];
  it.each(embedded)("on the embedded database, WORKER_PROCESSES=%j RUN_WORKER=%j: no worker process, in-process worker %j", (wp, rw, serverRunsWorker) => {
    expect(planOf({ WORKER_PROCESSES: wp, RUN_WORKER: rw })).toEqual({ processes: 0, serverRunsWorker });
    expect(planOf({ DATABASE_URL: "", WORKER_PROCESSES: wp, RUN_WORKER: rw })).toEqual({ processes: 0, serverRunsWorker });
  });

  it("reads RUN_WORKER's spellings as the app does (true/1/yes, false/0/no)", () => {
    for (const v of ["true", "1", "yes"]) expect(planOf({ DATABASE_URL: PG, RUN_WORKER: v })).toEqual({ processes: 0, serverRunsWorker: true });
    for (const v of ["false", "0", "no"]) expect(planOf({ DATABASE_URL: PG, RUN_WORKER: v })).toEqual({ processes: 0, serverRunsWorker: false });
  });

  it("says why WORKER_PROCESSES is ignored on the embedded database, and that WORKER_PROCESSES=0 alone runs no worker", () => {
    expect(workerPlan({ WORKER_PROCESSES: "2" }).note).toBe(
      "WORKER_PROCESSES=2 needs DATABASE_URL: the embedded database (PGlite in DATA_DIR) can only be opened by one process, so the worker runs in the server process.",
    );
    expect(workerPlan({ DATABASE_URL: PG, WORKER_PROCESSES: "0" }).note).toMatch(/^WORKER_PROCESSES=0: npm start runs no job worker; run `npm run worker` separately/);
    for (const env of [{}, { WORKER_PROCESSES: "0" }, { DATABASE_URL: PG }, { DATABASE_URL: PG, WORKER_PROCESSES: "2" }, { DATABASE_URL: PG, WORKER_PROCESSES: "0", RUN_WORKER: "false" }]) {
      expect(workerPlan(env).note, JSON.stringify(env)).toBeUndefined();
    }
  });

  it("refuses invalid values with a one-line message that says what is expected", () => {
    for (const value of ["-1", "1.5", "two", "1e3", "0x2", "+1"]) {
      for (const env of [{ WORKER_PROCESSES: value }, { WORKER_PROCESSES: value, DATABASE_URL: PG }]) {
        expect(() => workerPlan(env)).toThrow(new Error(`WORKER_PROCESSES must be a whole number of worker processes, 0 or more (got "${value}").`));
      }
    }
    // What lib/config/env.ts would refuse in the worker processes (which inherit RUN_WORKER) stops npm start instead.
    for (const value of ["maybe", "TRUE", " true", "on"]) {
      expect(() => workerPlan({ RUN_WORKER: value, DATABASE_URL: PG })).toThrow(new Error(`RUN_WORKER must be true or false (got "${value}").`));
    }
    expect(() => workerPlan({ DATABASE_URL: PG, WORKER_PROCESSES: "2", RUN_WORKER: "true" })).toThrow(
      new Error("RUN_WORKER=true runs the worker in each server process and WORKER_PROCESSES=2 in processes of its own: set only one of them."),
    );
    for (const env of [{ WORKER_PROCESSES: "x" }, { RUN_WORKER: "x" }, { DATABASE_URL: PG, WORKER_PROCESSES: "1", RUN_WORKER: "yes" }]) {
      try {
        workerPlan(env);
        expect.unreachable(JSON.stringify(env));
      } catch (error) {
        expect((error as Error).message).not.toContain("\n");
      }
    }
  });

  it("reads process.env when given no environment", () => {
    const saved = { ...process.env };
    try {
      process.env.DATABASE_URL = PG;
      process.env.WORKER_PROCESSES = "4";
      delete process.env.RUN_WORKER;
      expect(workerPlan()).toEqual({ processes: 4, serverRunsWorker: false });
    } finally {
      for (const key of ["DATABASE_URL", "WORKER_PROCESSES", "RUN_WORKER"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });
});
