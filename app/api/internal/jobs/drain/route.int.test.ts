import { afterAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { vendorProject } from "@/tests/support/vendor-project";
import { jobs } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/config/env";
import { startRun } from "@/lib/runtime/start-run";
import { sendEvent } from "@/lib/runtime/send-event";
import { call } from "@/tests/support/http";
import { getRuntime, runContext } from "@/tests/support/seed";
import { confirmingVendor } from "@/tests/support/vendor-stub";
import { drainJobs } from "@/lib/worker/drain";
import { GET } from "./route";

const P = "drain";
const SECRET = "cron-secret-0123456789";
const actor = { type: "api_key" as const, id: "test" };
const t = vendorProject(P, { vendor: confirmingVendor("1"), worker: false });

afterAll(() => {
  delete process.env.CRON_SECRET;
  resetEnvCache();
});

const setSecret = (value: string | undefined) => {
  if (value === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = value;
  resetEnvCache();
};

const pendingJobs = async (runtimeId: string) => (await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, runtimeId), eq(jobs.status, "pending")))).length;

describe(`scheduled job drain (${process.env.TEST_DB_KIND})`, () => {
  it("performs due jobs, including the ones they cause, for a host without a long-running worker", async () => {
    setSecret(SECRET);
    const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(t.stub.origin, "1000"), actor });
    await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
    expect(await pendingJobs(run.workflowRuntimeId)).toBe(1);

    const res = await call(GET, "GET", "/api/internal/jobs/drain", { headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(200);
    // The registry call, then the finish webhook plugin its auto-approval queued.
    expect(res.json).toEqual({ performed: 2, succeeded: 2, retried: 0, failed: 0, budgetExhausted: false });
    expect((await getRuntime(t.db, run.workflowRuntimeId)).state).toBe("auto_approve");
    expect(await pendingJobs(run.workflowRuntimeId)).toBe(0);
    expect(t.stub.received.map((r) => r.path)).toEqual(["/registry/1000", "/hooks/finish"]);
  });

  it("refuses a missing or wrong secret with 401 and touches nothing", async () => {
    setSecret(SECRET);
    const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(t.stub.origin, "1000"), actor });
    await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer wrong-secret-0123456789" }, { authorization: SECRET }];
    for (const headers of attempts) {
      const res = await call(GET, "GET", "/api/internal/jobs/drain", { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(res.json.code).toBe("unauthorized");
    }
    expect(await pendingJobs(run.workflowRuntimeId)).toBe(1);
  });

  it("stops claiming when its time budget is spent and says jobs are still due", async () => {
    const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(t.stub.origin, "1000"), actor });
    await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
    expect(await drainJobs(t.db, { budgetMs: 0 })).toEqual({ performed: 0, succeeded: 0, retried: 0, failed: 0, budgetExhausted: true });
    expect(await pendingJobs(run.workflowRuntimeId)).toBeGreaterThan(0);
  });

  it("does not exist unless CRON_SECRET is set", async () => {
    setSecret(undefined);
    const res = await call(GET, "GET", "/api/internal/jobs/drain", { headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("not_found");
  });
});
