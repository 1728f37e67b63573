import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { rowsOf } from "../db/rows";
import { jobs, type Job } from "../db/schema";
import { claimJobs, completeJob, enqueueJobs, failJob, hasDueJobs, jobsInsert, msUntilNextDue, retryJob } from "./queue";

const P = "queue";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});

afterAll(async () => {
  await t?.dispose();
});

beforeEach(async () => {
  await t.db.delete(jobs);
});

const allJobs = () => t.db.select().from(jobs).orderBy(asc(jobs.id));
const jobRow = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const webhook = (n: number, extra: Partial<Job> = {}) => ({ projectId: P, kind: "webhook_delivery" as const, payload: { n }, ...extra });
/** Move a job's due time by `seconds` from the database's now (negative: in the past). */
const dueIn = (id: number, seconds: number) => t.db.execute(sql`update jobs set run_at = now() + make_interval(secs => ${seconds}) where id = ${id}`);
const dbNow = async () => new Date(rowsOf<{ now: string | Date }>(await t.db.execute(sql`select now() as now`))[0].now);

describe(`outbox queue (${process.env.TEST_DB_KIND})`, () => {
  it("stores each job's maxAttempts, 5 when not given, pending and unattempted, in the given order", async () => {
    await enqueueJobs(t.db, [webhook(1, { maxAttempts: 2 }), webhook(2), webhook(3, { maxAttempts: 12 })]);
    const rows = await allJobs();
    expect(rows.map((r) => [r.payload, r.maxAttempts, r.status, r.attempts, r.lockedBy])).toEqual([
      [{ n: 1 }, 2, "pending", 0, null],
      [{ n: 2 }, 5, "pending", 0, null],
      [{ n: 3 }, 12, "pending", 0, null],
    ]);
    await enqueueJobs(t.db, []);
    expect(await allJobs()).toHaveLength(3);
  });

  it("as part of a statement, writes only the jobs whose runtime the named CTE holds (the steps it wrote)", async () => {
    const [a, b] = ["00000000-0000-4000-8000-00000000000a", "00000000-0000-4000-8000-00000000000b"];
    await t.db.execute(sql`with src as (select ${a}::uuid as id where false), j as (${jobsInsert([webhook(1, { runtimeId: a })], "src")}) select 1`);
    expect(await allJobs()).toEqual([]);
    await t.db.execute(sql`with src as (select ${a}::uuid as id), j as (${jobsInsert([webhook(2, { runtimeId: a }), webhook(3, { runtimeId: b }), webhook(4, { runtimeId: a })], "src")}) select 1`);
    expect((await allJobs()).map((r) => r.payload)).toEqual([{ n: 2 }, { n: 4 }]);
  });

  it("claims due jobs oldest first, up to the limit, counting the attempt and taking the job's lease", async () => {
    await enqueueJobs(t.db, [webhook(1), webhook(2, { payload: { n: 2, leaseMs: 120_000 } }), webhook(3)]);
    const [first, second, third] = await allJobs();
    await dueIn(third.id, -60);
    const before = await dbNow();
    const claimed = await claimJobs(t.db, "w1", 2);
    expect(claimed.map((j) => j.id)).toEqual([third.id, first.id]);
    for (const job of claimed) expect(job).toMatchObject({ attempts: 1, lockedBy: "w1", status: "pending" });
    // Default lease 60 s; a payload's leaseMs overrides it.
    const lease = (job: Job) => job.lockedUntil!.getTime() - before.getTime();
    expect(lease(claimed[1])).toBeGreaterThanOrEqual(59_000);
    expect(lease(claimed[1])).toBeLessThanOrEqual(61_000);
    const [other] = await claimJobs(t.db, "w2", 5);
    expect(other).toMatchObject({ id: second.id, lockedBy: "w2", attempts: 1 });
    expect(lease(other)).toBeGreaterThanOrEqual(119_000);
    expect(lease(other)).toBeLessThanOrEqual(121_000);
    expect(await claimJobs(t.db, "w3", 5)).toEqual([]);
  });

  it("does not claim a job that is not due yet, leased, or finished; an expired lease is claimable again", async () => {
    await enqueueJobs(t.db, [webhook(1), webhook(2), webhook(3)]);
    const [later, leased, done] = await allJobs();
    await dueIn(later.id, 60);
    await t.db.update(jobs).set({ status: "succeeded" }).where(eq(jobs.id, done.id));
    const [claimed] = await claimJobs(t.db, "dead-worker", 5);
    expect(claimed.id).toBe(leased.id);
    expect(await hasDueJobs(t.db)).toBe(false);
    expect(await claimJobs(t.db, "w2", 5)).toEqual([]);

    await t.db.execute(sql`update jobs set locked_until = now() - interval '1 second' where id = ${leased.id}`);
    expect(await hasDueJobs(t.db)).toBe(true);
    const [again] = await claimJobs(t.db, "w2", 5);
    expect(again).toMatchObject({ id: leased.id, lockedBy: "w2", attempts: 2 });
  });

  it("tells an idle worker how long until the soonest pending job comes due; null when none will", async () => {
    expect(await msUntilNextDue(t.db)).toBeNull();
    await enqueueJobs(t.db, [webhook(1), webhook(2), webhook(3)]);
    const [due, later, soonest] = await allJobs();
    await dueIn(due.id, -1);
    await dueIn(later.id, 60);
    await dueIn(soonest.id, 5);
    // A due job is the claim's business, not the wait's: the soonest future one counts.
    const ms = await msUntilNextDue(t.db);
    expect(ms).toBeGreaterThan(4_000);
    expect(ms).toBeLessThanOrEqual(5_000);
    await t.db.update(jobs).set({ status: "succeeded" }).where(eq(jobs.id, soonest.id));
    expect(await msUntilNextDue(t.db)).toBeGreaterThan(55_000);
    await t.db.update(jobs).set({ status: "failed" }).where(eq(jobs.id, later.id));
    expect(await msUntilNextDue(t.db)).toBeNull();
  });

  it("completes a job for its lease holder only", async () => {
    await enqueueJobs(t.db, [webhook(1)]);
    const [job] = await claimJobs(t.db, "w1", 1);
    await t.db.update(jobs).set({ lastError: "earlier failure" }).where(eq(jobs.id, job.id));
    await completeJob(t.db, job, "someone-else");
    expect(await jobRow(job.id)).toMatchObject({ status: "pending", finishedAt: null });
    await completeJob(t.db, job, "w1");
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "succeeded", lockedUntil: null, lastError: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  it("puts a job back to run after the delay, recording why, for its lease holder only", async () => {
    await enqueueJobs(t.db, [webhook(1)]);
    const [job] = await claimJobs(t.db, "w1", 1);
    await retryJob(t.db, job, "someone-else", "nope", 0);
    expect(await jobRow(job.id)).toMatchObject({ lockedBy: "w1", lastError: null });

    const before = Date.now();
    await retryJob(t.db, job, "w1", "HTTP 503", 30_000);
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "pending", lockedBy: null, lockedUntil: null, lastError: "HTTP 503", attempts: 1 });
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(row.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(await claimJobs(t.db, "w2", 1)).toEqual([]);

    await dueIn(job.id, -1);
    expect((await claimJobs(t.db, "w2", 1)).map((j) => [j.id, j.attempts])).toEqual([[job.id, 2]]);
  });

  it("leaves a job its step already completed as it is when its worker asks for a retry (the error came after COMMIT)", async () => {
    await enqueueJobs(t.db, [webhook(1)]);
    const [job] = await claimJobs(t.db, "w1", 1);
    await completeJob(t.db, job, "w1");
    const done = await jobRow(job.id);
    await retryJob(t.db, job, "w1", "the connection was lost", 0);
    expect(await jobRow(job.id)).toEqual(done);
  });

  it("gives a job up for its lease holder only, keeping it with its last error", async () => {
    await enqueueJobs(t.db, [webhook(1)]);
    const [job] = await claimJobs(t.db, "w1", 1);
    await failJob(t.db, job, "someone-else", "nope");
    expect(await jobRow(job.id)).toMatchObject({ status: "pending", lastError: null });
    await failJob(t.db, job, "w1", "HTTP 500 after 5 attempts");
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "failed", lockedUntil: null, lastError: "HTTP 500 after 5 attempts" });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(await hasDueJobs(t.db)).toBe(false);
  });
});
