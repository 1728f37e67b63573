import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { jobs, runtimeHistory } from "../db/schema";
import { startRun } from "../runtime/start-run";
import { sendEvent } from "../runtime/send-event";
import { drainJobs } from "../worker/drain";
import { allowOutbound, resetOutbound } from "../../tests/support/outbound";
import { seedDefinition, seedProject } from "../../tests/support/seed";
import { startVendorStub } from "../../tests/support/vendor-stub";

// Two webhook plugins in one state, both answered 500 forever: each job stops after its own plugin's
// `retry.maxAttempts` (1 and 3), not after the outbox's default of 5. Delays of 1-2 ms keep the retries quick.
const P = "webhook-attempts";
const actor = { type: "api_key" as const, id: "test" };
let t: TestDatabase;
let stub: Awaited<ReturnType<typeof startVendorStub>>;

const hook = (name: string, maxAttempts: number) => ({
  name,
  pluginKind: "webhook",
  url: `{api_config.webhook_url}/${name}`,
  method: "POST",
  stateNames: ["notify"],
  request: { transform: { transformer: "jmespath", mapping: "{ id: entity.id }" } },
  retry: { maxAttempts, initialDelayMs: 1, maxDelayMs: 2 },
});

beforeAll(async () => {
  t = await openTestDatabase();
  stub = await startVendorStub((req) => (req.path === "/good" ? { status: 204 } : { status: 500, body: { error: "down" } }));
  allowOutbound(`127.0.0.1:${stub.port}`);
  await seedProject(t.db, P);
  await seedDefinition(t.db, P, {
    id: "notify_twice",
    edit: (d) =>
      Object.assign(d, {
        definition: { id: "notify_twice_v1", initial: "idle", states: { idle: { on: { start: "notify" } }, notify: {} } },
        extensions: { apiPlugins: [hook("once", 1), hook("thrice", 3)] },
      }),
  });
  await seedDefinition(t.db, P, {
    id: "notify_good",
    edit: (d) =>
      Object.assign(d, {
        definition: { id: "notify_good_v1", initial: "idle", states: { idle: { on: { start: "notify" } }, notify: {} } },
        extensions: { apiPlugins: [hook("good", 2)] },
      }),
  });
});

/** Start a run of `workflowId`, send `start`, and drain the worker until none of its jobs is pending. */
async function runAndDrain(workflowId: string, entityId: string): Promise<string> {
  const run = await startRun(t.db, {
    projectId: P,
    workflowId,
    context: { entity: { id: entityId, type: "business", data: { companyName: "Acme" } }, documents: [], api_config: { webhook_url: stub.origin } },
    actor,
  });
  const id = run.workflowRuntimeId;
  await sendEvent(t.db, { projectId: P, runtimeId: id, name: "start", origin: "api", actor });
  // Each drain takes what is due; the retries are due within 2 ms.
  for (let round = 0; round < 50; round++) {
    const pending = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, id), eq(jobs.status, "pending")));
    if (pending.length === 0) break;
    await drainJobs(t.db, { budgetMs: 2_000, concurrency: 2, log: () => undefined });
    await new Promise((r) => setTimeout(r, 5));
  }
  return id;
}

const attemptRows = (runtimeId: string, plugin: string) =>
  t.db
    .select()
    .from(runtimeHistory)
    .where(and(eq(runtimeHistory.runtimeId, runtimeId), eq(runtimeHistory.kind, "plugin_call"), eq(runtimeHistory.eventName, plugin)))
    .orderBy(asc(runtimeHistory.id));

afterAll(async () => {
  await stub?.close();
  resetOutbound();
  await t?.dispose();
});

describe(`a failing webhook plugin (${process.env.TEST_DB_KIND})`, () => {
  it("is attempted as many times as its retry.maxAttempts, then its job fails with the last error", async () => {
    const id = await runAndDrain("notify_twice", "e-1");
    const queued = await t.db.select().from(jobs).where(eq(jobs.runtimeId, id)).orderBy(asc(jobs.id));
    expect(queued.map((j) => [j.kind, j.payload.pluginName, j.maxAttempts])).toEqual([
      ["webhook_plugin", "once", 1],
      ["webhook_plugin", "thrice", 3],
    ]);

    const finished = await t.db.select().from(jobs).where(eq(jobs.runtimeId, id)).orderBy(asc(jobs.id));
    expect(finished.map((j) => [j.payload.pluginName, j.status, j.attempts, j.lastError])).toEqual([
      ["once", "failed", 1, "HTTP 500"],
      ["thrice", "failed", 3, "HTTP 500"],
    ]);
    expect(stub.received.filter((r) => r.path === "/once")).toHaveLength(1);
    expect(stub.received.filter((r) => r.path === "/thrice")).toHaveLength(3);

    const calls = await attemptRows(id, "thrice");
    const attempts = calls.map((c) => c.payload as { attempt: number; ok: boolean; error: string | null; retryInMs?: number; response: { status: number } });
    expect(attempts.map((a) => [a.attempt, a.ok, a.error, a.response.status, a.retryInMs !== undefined])).toEqual([
      [1, false, "HTTP 500", 500, true],
      [2, false, "HTTP 500", 500, true],
      [3, false, "HTTP 500", 500, false],
    ]);
    expect(attempts[0]!.retryInMs).toBeGreaterThan(0);
  });

  it("records a delivered attempt with its request (secrets redacted), its status and no error, and is not retried", async () => {
    const id = await runAndDrain("notify_good", "e-2");
    const [job] = await t.db.select().from(jobs).where(eq(jobs.runtimeId, id));
    expect(job).toMatchObject({ status: "succeeded", attempts: 1 });
    const rows = await attemptRows(id, "good");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fromState: "notify", toState: "notify", actorType: "system", projectId: P });
    expect(rows[0]!.payload).toEqual({
      plugin: "good",
      kind: "webhook",
      attempt: 1,
      ok: true,
      error: null,
      request: { method: "POST", url: `${stub.origin}/good`, headers: expect.any(Object), body: { id: "e-2" } },
      response: { status: 204 },
    });
    expect(stub.received.filter((r) => r.path === "/good")).toHaveLength(1);
  });
});
