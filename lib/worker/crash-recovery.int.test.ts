import type { ChildProcess } from "node:child_process";
import { allowOutbound, resetOutbound } from "@/tests/support/outbound";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { spawnWorkerProcess } from "../../tests/support/worker-process";
import { workflowRuntimes } from "../db/schema";
import { claimJobs } from "../jobs/queue";
import { startRun } from "../runtime/start-run";
import { sendEvent } from "../runtime/send-event";
import { eventually, startVendorStub, type ReceivedRequest, type StubReply } from "../../tests/support/vendor-stub";
import { runContext, seedDefinition, seedProject } from "../../tests/support/seed";
import { startWorker } from "./worker";

const P = "crash";
const onPostgres = process.env.TEST_DB_KIND === "postgres";

// Half the numbers end in 1 (exact match, auto-approve), half in 3 (mismatch, auto-reject).
function vendor(req: ReceivedRequest): StubReply {
  if (req.path.startsWith("/hooks/")) return { status: 200, body: {} };
  const reg = req.path.split("/").pop()!;
  const approve = reg.endsWith("1");
  return {
    status: 200,
    delayMs: 100,
    body: { business_details: { registered_name: approve ? req.query.business_name : "Someone Else", registration_number: reg }, name_fuzziness_score: approve ? 1 : 0.3 },
  };
}

let t: TestDatabase;
let stub: Awaited<ReturnType<typeof startVendorStub>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  t = await openTestDatabase();
  stub = await startVendorStub(vendor);
  allowOutbound(`127.0.0.1:${stub.port}`);
  await seedProject(t.db, P, { REGISTRY_API_KEY: "k", WEBHOOK_TOKEN: "w" });
  // A short plugin timeout keeps the lease (timeout + 5 s) short, so recovery after a crash is quick.
  await seedDefinition(t.db, P, { edit: (d) => Object.assign(d.extensions.apiPlugins[0], { timeoutMs: 1000 }) });
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await stub?.close();
  resetOutbound();
  await t?.dispose();
});

async function startRuns(count: number): Promise<Map<string, string>> {
  const expected = new Map<string, string>();
  const actor = { type: "api_key" as const };
  for (let i = 0; i < count; i++) {
    const reg = `${String(i).padStart(5, "0")}${i % 2 === 0 ? 1 : 3}`;
    const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(stub.origin, reg), actor });
    await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
    expected.set(run.workflowRuntimeId, i % 2 === 0 ? "auto_approve" : "auto_reject");
  }
  return expected;
}

async function expectAllSettled(expected: Map<string, string>): Promise<void> {
  const ids = [...expected.keys()];
  await eventually(
    async () => {
      const rows = await t.db.select({ id: workflowRuntimes.id, state: workflowRuntimes.state }).from(workflowRuntimes).where(inArray(workflowRuntimes.id, ids));
      return rows.every((r) => r.state === expected.get(r.id));
    },
    "every runtime to reach its expected final state",
    60_000,
    200,
  );
  const rows = await t.db.select().from(workflowRuntimes).where(inArray(workflowRuntimes.id, ids));
  for (const r of rows) {
    const entityId = (r.context.entity as { id: string }).id;
    const hook = r.state === "auto_approve" ? "/hooks/finish" : "/hooks/fail";
    await eventually(async () => stub.received.some((c) => c.path === hook && JSON.stringify(c.body).includes(entityId)), `${hook} for ${entityId}`, 30_000, 100);
  }
}

function spawnWorker(): ChildProcess {
  const child = spawnWorkerProcess(t.url, 16);
  children.push(child);
  return child;
}

describe(`crash recovery (${process.env.TEST_DB_KIND})`, () => {
  it.skipIf(!onPostgres)("a worker process killed with SIGKILL mid-way through 200 runtimes loses nothing once another starts", async () => {
    const expected = await startRuns(200);
    const first = spawnWorker();
    await eventually(async () => stub.received.filter((r) => r.path.startsWith("/registry/")).length >= 40, "the first worker to be mid-way", 60_000);
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const before = stub.received.filter((r) => r.path.startsWith("/registry/")).length;
    expect(before).toBeLessThan(200);
    const second = spawnWorker();
    try {
      await expectAllSettled(expected);
    } finally {
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
    }
  }, 120_000);

  it("jobs claimed by a worker that died are taken over once their lease expires", async () => {
    const expected = await startRuns(10);
    const dead = await claimJobs(t.db, "dead-worker", 100);
    expect(dead.length).toBeGreaterThanOrEqual(10);
    const worker = await startWorker(t, { pollMs: 100 });
    try {
      await expectAllSettled(expected);
    } finally {
      await worker.stop();
    }
  }, 90_000);
});
