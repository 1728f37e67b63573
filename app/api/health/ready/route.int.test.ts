// Needs a fresh process: it reads the boot phase and the in-process worker, which are the process's, before and after boot().
import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boot } from "@/lib/boot";
import { setDbHandle, type Db, type DbHandle } from "@/lib/db/client";
import { processState } from "@/lib/readiness/process-state";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { eventually } from "@/tests/support/vendor-stub";
import { GET } from "./route";

const kind = process.env.TEST_DB_KIND;
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await processState().worker?.stop();
  setDbHandle(t);
  await t?.dispose();
});

async function ready(): Promise<{ status: number; type: string | null; body: Record<string, unknown> }> {
  const res = await GET(new Request("http://localhost/api/health/ready"));
  return { status: res.status, type: res.headers.get("content-type"), body: await res.json() };
}

/** The JSON pointers of the checks a 503 names as failed. */
const failedChecks = (body: Record<string, unknown>) => (body.errors as { path: string }[]).map((e) => e.path).sort();

/** Hold `lock table jobs` in an open transaction until the returned function is called (the worker's claim waits). */
async function lockJobsTable(): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.url ? postgres(t.url, { max: 1, onnotice: () => undefined }) : undefined;
  const done = holder
    ? holder.begin(async (tx) => {
        await tx`lock table jobs in access exclusive mode`;
        locked();
        await released;
      })
    : t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table jobs in access exclusive mode`);
        locked();
        await released;
      });
  await isLocked;
  return async () => {
    release();
    await done;
    await holder?.end({ timeout: 5 });
  };
}

/** A process database whose pool points at `port` on this machine, without connecting first. */
function poolAt(port: number): DbHandle & { end(): Promise<void> } {
  const client = postgres(`postgres://nobody@127.0.0.1:${port}/nothing`, { max: 1, connect_timeout: 30, onnotice: () => undefined });
  return {
    db: drizzle({ client }) as unknown as Db,
    kind: "postgres",
    listen: async () => async () => undefined,
    close: () => client.end({ timeout: 1 }),
    end: () => client.end({ timeout: 1 }),
  };
}

describe(`GET /api/health/ready (${kind})`, () => {
  it("answers 503 not_ready naming the start-up check until migrations and seeding are done, then 200", async () => {
    const before = await ready();
    expect(before).toMatchObject({ status: 503, type: "application/problem+json", body: { code: "not_ready", status: 503 } });
    expect(failedChecks(before.body)).toContain("/checks/boot");

    const booting = boot();
    const during = await ready(); // boot() is still seeding: the phase is read before any await
    expect(during.status).toBe(503);
    expect(failedChecks(during.body)).toContain("/checks/boot");
    await booting;

    const after = await ready();
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      status: "ready",
      checks: { boot: { ok: true, phase: "ready" }, database: { ok: true, kind }, worker: { ok: true, inProcess: true } },
    });
  });

  it("answers 503 naming the worker while the in-process worker's loop is stuck, and 200 once it polls again", async () => {
    const unlock = await lockJobsTable();
    try {
      // The worker's claim waits on the lock; after its stall limit (5 s by default) readiness says so.
      const stalled = await eventually(async () => {
        const r = await ready();
        return r.status === 503 && failedChecks(r.body).includes("/checks/worker") && r;
      }, "readiness to notice the stuck worker", 15_000, 200);
      expect(stalled.body.detail).toMatch(/worker/);
      // PostgreSQL answers `select 1` beside the lock; PGlite's one connection waits for the holder too.
      if (kind === "postgres") expect(failedChecks(stalled.body)).toEqual(["/checks/worker"]);
    } finally {
      await unlock();
    }
    await eventually(async () => (await ready()).status === 200, "readiness once the worker polls again", 15_000, 100);
  });

  it.runIf(kind === "postgres")("answers 503 naming the database when its pool points at a closed port or at a server that never answers", async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const refused = poolAt(closed);
    setDbHandle(refused);
    const r1 = await ready();
    expect([r1.status, failedChecks(r1.body)]).toEqual([503, ["/checks/database"]]);
    await refused.end();

    const silent = net.createServer(() => undefined); // accepts connections and never says a word
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const hanging = poolAt((silent.address() as net.AddressInfo).port);
    setDbHandle(hanging);
    const started = Date.now();
    const r2 = await ready();
    expect([r2.status, failedChecks(r2.body)]).toEqual([503, ["/checks/database"]]);
    expect(Date.now() - started).toBeLessThan(5_000); // the probe's own 2 s limit, not the pool's 30 s connect timeout
    void hanging.end();
    silent.close();
    setDbHandle(t);
  });

  it("answers 503 naming the database once the database is closed", async () => {
    await t.close();
    const r = await ready();
    expect(r.status).toBe(503);
    expect(failedChecks(r.body)).toContain("/checks/database");
  });
});
