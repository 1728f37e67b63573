import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runContext } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { eventually } from "../../tests/support/vendor-stub";
import { sendEvent } from "../runtime/send-event";
import { startRun } from "../runtime/start-run";
import { JOBS_CHANNEL } from "./queue";

// Workers are woken (NOTIFY kyc_jobs, drizzle/0014) by a statement that inserted jobs, and not by a step whose jobs
// CTE inserted none. Notifications arrive in commit order, so a marker sent after a step shows what the step sent.
const P = "jobs-notify";
const plain = { id: "plain", edit: (d: { definition: { states: { idle: { on: Record<string, string> } } } }) => void Object.assign(d.definition.states.idle.on, { start: "manual_review" }) };
const t = testProject(P, { definitions: [{ id: "checking" }, plain] });
const actor = { type: "api_key" as const, id: "test" };

describe(`the jobs notification (${process.env.TEST_DB_KIND})`, () => {
  it("wakes the workers after a step that queued a job, not after one that queued none", async () => {
    const received: string[] = [];
    const unlisten = await t.listen(JOBS_CHANNEL, (payload) => received.push(payload));
    const marker = async (name: string) => {
      await t.db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${name})`);
      await eventually(async () => received.includes(name), `the notification "${name}"`, 5_000);
    };
    try {
      const run = (workflowId: string) => startRun(t.db, { projectId: P, workflowId, context: runContext("http://127.0.0.1:9", "1"), actor });
      const [quiet, calling] = [await run("plain"), await run("checking")];
      await marker("runs");
      received.length = 0;

      await sendEvent(t.db, { projectId: P, runtimeId: quiet.workflowRuntimeId, name: "start", origin: "api", actor });
      await marker("after the plain step");
      expect(received).toEqual(["after the plain step"]);

      await sendEvent(t.db, { projectId: P, runtimeId: calling.workflowRuntimeId, name: "start", origin: "api", actor });
      await marker("after the plugin step");
      expect(received).toEqual(["after the plain step", "", "after the plugin step"]);
    } finally {
      await unlisten();
    }
  });
});
