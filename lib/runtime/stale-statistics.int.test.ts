import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runContext } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { uuidArray } from "../db/raw-sql";
import { rowsOf } from "../db/rows";
import { workflowRuntimes } from "../db/schema";
import { snapshotOf } from "./snapshot";
import { runtimeUpdate } from "./sql/runtime-update";
import { startRuns } from "./start-run";
import { lockRuntimesStatement } from "./locked-runtime";

// Until autovacuum analyzes workflow_runtimes after a bulk import, the planner believes the project holds a handful
// of rows, and a statement that names the project beside the ids intersects them with a scan of the project's whole
// part of an index. The statements of every step find their runtimes by the primary key alone (`projectFilter`).
const P = "stale-statistics";
const t = testProject(P, { definitions: [{ id: "checking" }] });
const actor = { type: "api_key" as const, id: "test" };

/** The indexes the plan of `statement` reads. */
async function indexesRead(statement: SQL): Promise<string[]> {
  const plan = rowsOf<Record<string, string>>(await t.db.execute(sql`explain ${statement}`))
    .map((row) => Object.values(row)[0])
    .join("\n");
  return [...plan.matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)].map((m) => m[1]);
}

describe(`statements of a step right after a bulk import (${process.env.TEST_DB_KIND})`, () => {
  it("find the runtimes by their primary key, not by a scan of the project", async () => {
    await t.db.execute(sql`analyze workflow_runtimes`);
    const inputs = Array.from({ length: 1500 }, (_, i) => ({ projectId: P, workflowId: "checking", context: runContext("http://127.0.0.1:9", String(i)), actor }));
    const outcomes = await startRuns(t.db, inputs);
    const ids = outcomes.slice(0, 9).map((o) => (o.ok ? o.value.workflowRuntimeId : ""));
    // The premise: with the project named as an index condition, the stale estimate picks another index too.
    expect(await indexesRead(sql`select * from workflow_runtimes where project_id = ${P} and id = any(${uuidArray(ids)})`)).not.toEqual(["workflow_runtimes_pkey"]);

    expect(await indexesRead(lockRuntimesStatement(P, ids))).toEqual(["workflow_runtimes_pkey"]);
    const rows = await t.db.select().from(workflowRuntimes).where(sql`id = any(${uuidArray(ids)})`);
    const updates = rows.map((row) => ({ runtimeId: row.id, snapshot: snapshotOf(row), resolved: false, eventCount: 0, versionMoves: true }));
    expect(await indexesRead(runtimeUpdate(P, updates))).toEqual(["workflow_runtimes_pkey"]);
  });
});
