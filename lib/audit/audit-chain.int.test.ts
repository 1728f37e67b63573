import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migratedPgliteSnapshot } from "../../tests/support/test-database";
import { testProject } from "../../tests/support/test-project";
import { openPglite } from "../db/open";
import { auditEvents } from "../db/schema";
import { auditHash } from "./audit-hash";
import { recordAudit, recordAudits } from "./record-audit";
import { verifyAuditChain } from "./verify-chain";

const t = testProject("audit-chain");
const actor = { type: "user" as const, id: "u-1", name: "ada@example.com" };

describe(`audit chain (${process.env.TEST_DB_KIND})`, () => {
  it("links each row to its project's previous row, and concurrent writers keep one chain", async () => {
    await recordAudit(t.db, { projectId: "audit-chain", actor, action: "note.added", target: { type: "runtime", id: "r-1" }, summary: { b: 1, a: [2] } });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        recordAudit(t.db, { projectId: i % 2 ? "audit-chain" : "audit-other", actor, action: "case.decision", target: { type: "runtime", id: `r-${i}` }, summary: { i } }),
      ),
    );
    for (const projectId of ["audit-chain", "audit-other"]) {
      const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.projectId, projectId)).orderBy(auditEvents.id);
      expect(rows[0]!.prevHash).toBe("");
      rows.slice(1).forEach((row, i) => expect(row.prevHash).toBe(rows[i]!.hash));
      expect(new Set(rows.map((r) => r.prevHash)).size).toBe(rows.length);
    }
    expect(await verifyAuditChain(t.db)).toEqual({ ok: true, count: 13, projects: 2 });
  });

  it("leaves no row when the caller's transaction rolls back", async () => {
    const before = await t.db.$count(auditEvents);
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx as never, { projectId: "audit-chain", actor, action: "secret.written", target: { type: "secret", id: "X" } });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await t.db.$count(auditEvents)).toBe(before);
  });

  it("refuses UPDATE, DELETE and TRUNCATE in the database", async () => {
    expect(await refusal(sql`update audit_events set action = 'x'`)).toMatch(/append-only: UPDATE is refused/);
    expect(await refusal(sql`delete from audit_events`)).toMatch(/append-only: DELETE is refused/);
    expect(await refusal(sql`truncate audit_events`)).toMatch(/append-only: TRUNCATE is refused/);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it("names the tampered row (the trigger disabled as a superuser) and audit:verify exits 1", async () => {
    const [victim] = await t.db.select().from(auditEvents).where(eq(auditEvents.projectId, "audit-chain")).orderBy(auditEvents.id).offset(3).limit(1);
    if (t.url) expect(await runVerify(t.url)).toMatchObject({ code: 0, stdout: expect.stringContaining("ok: 13 audit rows in 2 project(s)") });
    await t.db.execute(sql`alter table audit_events disable trigger audit_events_no_rewrite`);
    await t.db.execute(sql`update audit_events set summary = '{"i": 99}'::jsonb where id = ${victim!.id}`);
    await t.db.execute(sql`alter table audit_events enable trigger audit_events_no_rewrite`);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, id: victim!.id, projectId: "audit-chain", reason: expect.stringMatching(/hash does not match/) });
    if (t.url) {
      const run = await runVerify(t.url);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`audit row id=${victim!.id} project=audit-chain`);
    }
  });

  it.runIf(process.env.TEST_DB_KIND === "pglite")("audit:verify on the embedded database (DATA_DIR) exits 1 naming a tampered row", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "audit-verify-"));
    try {
      const handle = await openPglite(path.join(dataDir, "pglite"), { loadDataDir: await migratedPgliteSnapshot() });
      for (const i of [1, 2, 3]) await recordAudit(handle.db, { projectId: "embedded", actor, action: "note.added", summary: { i } });
      await handle.close(); // the data folder takes one process at a time
      expect(await runVerify("", { DATA_DIR: dataDir })).toMatchObject({ code: 0, stdout: expect.stringContaining("ok: 3 audit rows in 1 project(s)") });
      const again = await openPglite(path.join(dataDir, "pglite"));
      await again.db.execute(sql`alter table audit_events disable trigger audit_events_no_rewrite`);
      await again.db.execute(sql`update audit_events set actor_name = 'someone else' where id = 2`);
      await again.close();
      const run = await runVerify("", { DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("audit row id=2 project=embedded");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("a batch (recordAudits) is chained in its order and joins one chain with concurrent single writers", async () => {
    const batch = (n: number) => Array.from({ length: 5 }, (_, i) => ({ projectId: "audit-batch", actor, action: "case.assignment", target: { type: "runtime", id: `b${n}-${i}` } }));
    await Promise.all([
      recordAudits(t.db, batch(1)),
      ...Array.from({ length: 4 }, (_, i) => recordAudit(t.db, { projectId: "audit-batch", actor, action: "note.added", summary: { i } })),
      recordAudits(t.db, batch(2)),
    ]);
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.projectId, "audit-batch")).orderBy(auditEvents.id);
    expect(rows).toHaveLength(14);
    rows.slice(1).forEach((row, i) => expect(row.prevHash).toBe(rows[i]!.hash));
    for (const n of [1, 2]) {
      const ids = rows.filter((r) => r.targetId?.startsWith(`b${n}-`)).map((r) => r.targetId);
      expect(ids).toEqual([0, 1, 2, 3, 4].map((i) => `b${n}-${i}`));
    }
    for (const row of rows) expect(auditHash(row)).toBe(row.hash);
    await expect(recordAudits(t.db, [...batch(3), { ...batch(3)[0], projectId: "audit-other" }])).rejects.toThrow("one project");
  });
});

/** The database's message for a statement that must fail (drizzle wraps it as the error's cause). */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await t.db.execute(statement);
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
  return "no error: the statement was accepted";
}

async function runVerify(url: string, extraEnv: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const env = { ...process.env, DATABASE_URL: url, ...extraEnv };
    const { stdout, stderr } = await promisify(execFile)("npx", ["tsx", "scripts/audit-verify.ts"], { env, timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}
