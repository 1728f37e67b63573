import { describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getRuntime, runContext } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { jobs, runtimeHistory } from "../db/schema";
import { claimJobs } from "../jobs/queue";
import { newScope, runInScope } from "../observability/request-scope";
import type { PluginDelivery } from "./deliver-plugin-result";
import { deliverPluginResultSoon } from "./deliver-plugin-results";
import { sendEvent } from "./send-event";
import { startRun } from "./start-run";

// No worker runs here: the test claims the vendor-call jobs itself and hands their results in, as the jobs would.
const P = "batched-results";
const t = testProject(P, { definitions: [{}] });
const actor = { type: "api_key" as const, id: "test" };
const PLUGIN = "external_request_example";
const STATE = "check_business_details";

async function waitingForVendor(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", `10${i}`), actor });
    await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
    ids.push(run.workflowRuntimeId);
  }
  return ids;
}

function delivery(job: PluginDelivery["job"], ok: boolean): PluginDelivery {
  return {
    result: { pluginName: PLUGIN, expectedState: STATE, ok, ...(ok ? { httpStatus: 200, data: { registered_name: "Acme Trading Ltd", name_fuzziness_score: 1 } } : { error: "vendor down" }) },
    callRecord: { kind: "plugin_call", eventName: PLUGIN, fromState: STATE, toState: STATE, actorType: "system", payload: { plugin: PLUGIN, ok } },
    job,
  };
}

describe(`plugin results written together (${process.env.TEST_DB_KIND})`, () => {
  it("results that arrive while one is written commit together, each applied once in its own job's scope; a refused one fails alone", async () => {
    const ids = await waitingForVendor(6);
    const claimed = (await claimJobs(t.db, "results-w", 50)).filter((j) => j.kind === "api_plugin" && ids.includes(j.runtimeId!));
    expect(claimed).toHaveLength(6);
    const jobOf = (id: string) => claimed.find((j) => j.runtimeId === id)!;

    const settled = await Promise.allSettled([
      ...ids.map((id, i) => runInScope(newScope(`req-result-${i}`), () => deliverPluginResultSoon(t.db, P, id, delivery(jobOf(id), i % 2 === 0)))),
      deliverPluginResultSoon(t.db, "another-project", ids[1], delivery(jobOf(ids[1]), true)),
    ]);

    expect(settled.slice(0, 6).map((s) => s.status)).toEqual(Array(6).fill("fulfilled"));
    expect(settled[6]).toMatchObject({ status: "rejected", reason: { code: "not_found" } });
    for (const [i, id] of ids.entries()) {
      const runtime = await getRuntime(t.db, id);
      expect(runtime.state).toBe(i % 2 === 0 ? "auto_approve" : "manual_review");
      expect((settled[i] as PromiseFulfilledResult<{ state: string }>).value.state).toBe(runtime.state);
    }
    const calls = await t.db.select().from(runtimeHistory).where(and(inArray(runtimeHistory.runtimeId, ids), eq(runtimeHistory.kind, "plugin_call"))).orderBy(asc(runtimeHistory.id));
    expect(calls.map((c) => c.runtimeId).sort()).toEqual([...ids].sort());
    // The first result was written at once; the five that arrived meanwhile in one transaction (one now()).
    const writtenAt = new Map(calls.map((c) => [c.runtimeId, c.at.getTime()]));
    expect(new Set(ids.slice(1).map((id) => writtenAt.get(id))).size).toBe(1);
    expect(writtenAt.get(ids[0])).not.toBe(writtenAt.get(ids[1]));

    const claimedNow = await t.db.select().from(jobs).where(inArray(jobs.id, claimed.map((j) => j.id)));
    expect(claimedNow.map((j) => j.status)).toEqual(Array(6).fill("succeeded"));
    // Each approved case's finish webhook is queued in the scope of the job whose result moved it.
    for (const [i, id] of ids.entries()) {
      if (i % 2 !== 0) continue;
      const queued = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, id), eq(jobs.kind, "webhook_plugin")));
      expect(queued.map((j) => (j.payload.trace as { requestId?: string } | undefined)?.requestId)).toEqual([`req-result-${i}`]);
    }
  });

  it("after an error that is not the database's refusal (the group may have committed), rejects each result and writes none again", async () => {
    const ids = await waitingForVendor(4);
    const claimed = (await claimJobs(t.db, "results-lost", 50)).filter((j) => j.kind === "api_plugin" && ids.includes(j.runtimeId!));
    const jobOf = (id: string) => claimed.find((j) => j.runtimeId === id)!;
    // Every transaction commits, then its caller hears of a lost connection (what a socket dropped after COMMIT looks like).
    const lost = new Error("the connection was lost after COMMIT");
    const lossy = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== "transaction") return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof target.transaction>) => {
          await target.transaction(...args);
          throw lost;
        };
      },
    });

    const settled = await Promise.allSettled(ids.map((id) => deliverPluginResultSoon(lossy, P, id, delivery(jobOf(id), true))));

    expect(settled).toEqual(ids.map(() => ({ status: "rejected", reason: lost })));
    const calls = await t.db.select().from(runtimeHistory).where(and(inArray(runtimeHistory.runtimeId, ids), eq(runtimeHistory.kind, "plugin_call")));
    expect(calls.map((c) => c.runtimeId).sort()).toEqual([...ids].sort());
  });

  it("after the database refused the group (a SQLSTATE: nothing stored), delivers each of its results alone", async () => {
    const ids = await waitingForVendor(4);
    const claimed = (await claimJobs(t.db, "results-refused", 50)).filter((j) => j.kind === "api_plugin" && ids.includes(j.runtimeId!));
    const jobOf = (id: string) => claimed.find((j) => j.runtimeId === id)!;
    // The first result is written alone; the second transaction is the group of the three that waited: refused.
    let transactions = 0;
    const refusing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== "transaction") return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof target.transaction>) => {
          if (++transactions === 2) throw Object.assign(new Error("could not serialize access due to concurrent update"), { code: "40001" });
          return target.transaction(...args);
        };
      },
    });

    const settled = await Promise.allSettled(ids.map((id) => deliverPluginResultSoon(refusing, P, id, delivery(jobOf(id), true))));

    expect(settled.map((s) => s.status)).toEqual(Array(4).fill("fulfilled"));
    expect(transactions).toBe(5);
    const calls = await t.db.select().from(runtimeHistory).where(and(inArray(runtimeHistory.runtimeId, ids), eq(runtimeHistory.kind, "plugin_call")));
    expect(calls.map((c) => c.runtimeId).sort()).toEqual([...ids].sort());
  });
});
