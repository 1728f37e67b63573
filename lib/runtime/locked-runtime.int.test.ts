import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { inTransaction } from "../db/transaction";
import { runContext, seedProject } from "../../tests/support/seed";
import { testOtherProcess, testProject } from "../../tests/support/test-project";
import { lockRuntimes, withLockedRuntime } from "./locked-runtime";
import { startRun } from "./start-run";

const P = "locked-runtime";
const t = testProject(P, { definitions: [{}] });
const other = testOtherProcess(t, 2);
const actor = { type: "api_key" as const, id: "test" };
const onPostgres = process.env.TEST_DB_KIND === "postgres";

async function newRuntime(reg: string): Promise<string> {
  return (await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", reg), actor })).workflowRuntimeId;
}

/** Whether another process can lock the runtime's row right now (`FOR UPDATE NOWAIT`). */
async function lockableElsewhere(id: string): Promise<boolean> {
  try {
    await inTransaction(other.db, (tx) => tx.execute(sql`select id from workflow_runtimes where id = ${id} for update nowait`));
    return true;
  } catch (error) {
    expect(String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code)).toBe("55P03");
    return false;
  }
}

describe("withLockedRuntime", () => {
  it("hands the runtime's row and the transaction to fn, and answers what fn answers", async () => {
    const id = await newRuntime("lock-1");
    const answer = await withLockedRuntime(t.db, P, id, async (tx, runtime) => {
      expect(runtime).toMatchObject({ id, projectId: P, state: "idle", version: 1 });
      const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from workflow_runtimes where id = ${id}`));
      return row!.n;
    });
    expect(answer).toBe(1);
  });

  it("reports a malformed id, an unknown one and another project's runtime as not found, without calling fn", async () => {
    await seedProject(t.db, "locked-runtime-other");
    const id = await newRuntime("lock-2");
    for (const [projectId, runtimeId] of [[P, "not-a-uuid"], [P, "00000000-0000-4000-8000-000000000009"], ["locked-runtime-other", id]] as const) {
      let called = false;
      await expect(withLockedRuntime(t.db, projectId, runtimeId, async () => void (called = true))).rejects.toMatchObject({
        code: "not_found",
        status: 404,
        message: `Workflow runtime '${runtimeId}' was not found in this project.`,
      });
      expect(called).toBe(false);
    }
  });

  it.skipIf(!onPostgres)("holds the row lock until fn's transaction ends", async () => {
    const id = await newRuntime("lock-3");
    await withLockedRuntime(t.db, P, id, async () => {
      expect(await lockableElsewhere(id)).toBe(false);
    });
    expect(await lockableElsewhere(id)).toBe(true);
  });
});

describe("lockRuntimes", () => {
  it.skipIf(!onPostgres)("locks the runtimes of their own project in the caller's transaction, and nothing an id of another project names", async () => {
    const [a, b, c] = [await newRuntime("many-1"), await newRuntime("many-2"), await newRuntime("many-3")];
    await inTransaction(t.db, async (tx) => {
      await lockRuntimes(tx, [
        { projectId: P, runtimeId: b },
        { projectId: P, runtimeId: a },
        { projectId: "locked-runtime-other", runtimeId: c },
        { projectId: P, runtimeId: "not-a-uuid" },
      ]);
      expect(await lockableElsewhere(a)).toBe(false);
      expect(await lockableElsewhere(b)).toBe(false);
      expect(await lockableElsewhere(c)).toBe(true);
    });
    expect(await lockableElsewhere(a)).toBe(true);
  });

  it("accepts a list with no valid id, and one with none at all", async () => {
    await inTransaction(t.db, async (tx) => {
      await lockRuntimes(tx, []);
      await lockRuntimes(tx, [{ projectId: P, runtimeId: "nope" }]);
    });
  });
});
