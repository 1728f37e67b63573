import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, runtimeHistory, type Job } from "../db/schema";
import { claimJobs } from "../jobs/queue";
import { getRuntime, runContext } from "../../tests/support/seed";
import type { ReceivedRequest, StubReply } from "../../tests/support/vendor-stub";
import { vendorProject } from "../../tests/support/vendor-project";
import { runApiPluginJob } from "./api-plugin-job";
import { cancelRuntime } from "./cancel-runtime";
import { moveRuntime } from "./move-runtime";
import { sendEvent } from "./send-event";
import { startRun } from "./start-run";

const P = "api-plugin-job";
const calls: string[] = [];

function vendor(req: ReceivedRequest): StubReply {
  const reg = req.path.split("/").pop()!;
  calls.push(reg);
  if (reg === "down") return { status: 503, body: { error: "try later" } };
  return { status: 200, body: { business_details: { registered_name: req.query.business_name, registration_number: reg }, name_fuzziness_score: 1 } };
}

// No worker: each test claims the plugin job and runs its handler itself.
const t = vendorProject(P, { vendor, worker: false });
const actor = { type: "api_key" as const, id: "test" };

/** A runtime in `check_business_details` and its claimed `api_plugin` job. */
async function awaitingVendor(reg: string): Promise<{ runtimeId: string; job: Job }> {
  const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(t.stub.origin, reg), actor });
  await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
  const job = (await claimJobs(t.db, "test-worker", 50)).find((j) => j.runtimeId === run.workflowRuntimeId && j.kind === "api_plugin");
  expect(job).toBeDefined();
  return { runtimeId: run.workflowRuntimeId, job: job! };
}

const pluginCalls = (runtimeId: string) =>
  t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, runtimeId), eq(runtimeHistory.kind, "plugin_call")));

describe("runApiPluginJob", () => {
  it("delivers a vendor's answer through the step: the runtime moves, the call is recorded, the job is completed with it", async () => {
    const { runtimeId, job } = await awaitingVendor("ok-1");
    expect(await runApiPluginJob(t.db, job)).toEqual({ type: "done", recorded: true });
    expect((await getRuntime(t.db, runtimeId)).state).toBe("auto_approve");
    const [call] = await pluginCalls(runtimeId);
    expect(call).toMatchObject({ eventName: "external_request_example", fromState: "check_business_details", toState: "check_business_details", actorType: "system" });
    expect(call!.payload).toMatchObject({ plugin: "external_request_example", kind: "api", attempt: 1, ok: true, error: null });
    expect((await t.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!.status).toBe("succeeded");
  });

  it("a failed attempt that may be retried is recorded with its delay, and the runtime stays", async () => {
    const { runtimeId, job } = await awaitingVendor("down");
    const outcome = await runApiPluginJob(t.db, job);
    expect(outcome).toMatchObject({ type: "retry", error: expect.stringContaining("503") });
    const delayMs = (outcome as { delayMs: number }).delayMs;
    expect(delayMs).toBeGreaterThan(0);
    expect((await getRuntime(t.db, runtimeId)).state).toBe("check_business_details");
    const rows = await pluginCalls(runtimeId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventName: "external_request_example", fromState: "check_business_details", toState: "check_business_details", actorType: "system", projectId: P });
    expect(rows[0]!.payload).toMatchObject({ plugin: "external_request_example", kind: "api", attempt: 1, ok: false, error: (outcome as { error: string }).error, retryInMs: delayMs });
  });

  it("calls nobody for a runtime that has left the plugin's state or is no longer active", async () => {
    const moved = await awaitingVendor("moved-1");
    await moveRuntime(t.db, { projectId: P, runtimeId: moved.runtimeId, state: "manual_review", reason: "vendor answered by phone", actor });
    const canceled = await awaitingVendor("canceled-1");
    await cancelRuntime(t.db, { projectId: P, runtimeId: canceled.runtimeId, reason: "duplicate case", actor });
    const before = calls.length;
    for (const job of [moved.job, canceled.job]) expect(await runApiPluginJob(t.db, job)).toEqual({ type: "done" });
    expect(calls.length).toBe(before);
    expect(await pluginCalls(canceled.runtimeId)).toEqual([]);
    expect(await pluginCalls(moved.runtimeId)).toEqual([]);
  });

  it("fails a job whose plugin is not in its definition version, naming both", async () => {
    const { job } = await awaitingVendor("renamed-1");
    const before = calls.length;
    const outcome = await runApiPluginJob(t.db, { ...job, payload: { ...(job.payload as object), pluginName: "no_such_plugin" } });
    expect(outcome).toEqual({ type: "failed", error: "plugin 'no_such_plugin' is not in kyb_manual_review_example@1" });
    expect(calls.length).toBe(before);
  });
});
