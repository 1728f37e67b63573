import { describe, expect, it } from "vitest";
import { testProject } from "../../tests/support/test-project";
import { claimJobs, completeJob, retryJob } from "../jobs/queue";
import { runContext } from "../../tests/support/seed";
import { startRun } from "./start-run";
import { sendEvent } from "./send-event";
import { PLUGIN_SETTLED_CHANNEL, waitUntilSettled } from "./wait-settled";

const P = "wait-settled";
const t = testProject(P, { definitions: [{}] });
const actor = { type: "api_key" as const, id: "test" };

/** A runtime whose `start` left one pending API plugin call (no worker runs in this file). */
async function runtimeAwaitingVendor(reg: string): Promise<string> {
  const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", reg), actor });
  await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
  return run.workflowRuntimeId;
}

async function claimFor(runtimeId: string) {
  const claimed = await claimJobs(t.db, "test-worker", 50);
  const job = claimed.find((j) => j.runtimeId === runtimeId && j.kind === "api_plugin");
  expect(job).toBeDefined();
  return job!;
}

describe("waitUntilSettled", () => {
  it("notifies the runtime id when its API plugin call finishes, not when it is retried", async () => {
    const runtimeId = await runtimeAwaitingVendor("notify");
    const heard: string[] = [];
    const unlisten = await t.listen(PLUGIN_SETTLED_CHANNEL, (payload) => heard.push(payload));
    try {
      const job = await claimFor(runtimeId);
      await retryJob(t.db, job, "test-worker", "vendor down", 0);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toEqual([]);
      await completeJob(t.db, await claimFor(runtimeId), "test-worker");
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([runtimeId]);
    } finally {
      await unlisten();
    }
  });

  it("returns true as soon as the pending call finishes, and false when the time is up first", async () => {
    const done = await runtimeAwaitingVendor("done");
    await completeJob(t.db, await claimFor(done), "test-worker");
    expect(await waitUntilSettled(t, done, 5)).toBe(true);

    const runtimeId = await runtimeAwaitingVendor("later");
    expect(await waitUntilSettled(t, runtimeId, 1)).toBe(false);

    const waiting = waitUntilSettled(t, runtimeId, 20);
    const job = await claimFor(runtimeId);
    await completeJob(t.db, job, "test-worker");
    expect(await waiting).toBe(true);
  });
});
