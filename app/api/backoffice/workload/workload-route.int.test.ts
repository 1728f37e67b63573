import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { teamMembers, teams, users, workflowRuntimes } from "@/lib/db/schema";
import { openCasesOf } from "@/lib/queues/open-cases-of";
import { startRun } from "@/lib/runtime/start-run";
import { call } from "@/tests/support/http";
import { seedDefinition, seedProject } from "@/tests/support/seed";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import * as route from "./route";

// Only the next-auth session lookup is replaced; the handler and the database are real.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const P = "workload";
let t: TestDatabase;
let rita: SessionUser;
let sam: SessionUser;
let gone: SessionUser;

async function user(projectId: string, email: string, role: SessionUser["role"], active = true): Promise<SessionUser> {
  const [row] = await t.db.insert(users).values({ projectId, email, role, active, passwordHash: "x", firstName: email.split("@")[0] }).returning();
  return { id: row.id, email, name: row.firstName, role, projectId };
}

/** A case of the project held by `assigneeId` (null: nobody), open unless `status` says otherwise, due `dueInMs` from now. */
async function heldCase(projectId: string, assigneeId: string | null, options: { status?: "active" | "completed"; dueInMs?: number; name?: string } = {}) {
  const run = await startRun(t.db, { projectId, workflowId: "kyb", context: { entity: { id: `e-${Math.random()}`, type: "business", data: { companyName: options.name ?? "Acme" } } }, actor: { type: "api_key" } });
  const due = options.dueInMs === undefined ? null : sql`now() + ${options.dueInMs} * interval '1 millisecond'`;
  await t.db
    .update(workflowRuntimes)
    .set({ assigneeId, assignedAt: assigneeId ? new Date() : null, status: options.status ?? "active", dueAt: due })
    .where(eq(workflowRuntimes.id, run.workflowRuntimeId));
  return run.workflowRuntimeId;
}

const get = () => call(route.GET, "GET", "/api/backoffice/workload");

beforeAll(async () => {
  t = await openTestDatabase();
  for (const p of [P, "elsewhere"]) {
    await seedProject(t.db, p);
    await seedDefinition(t.db, p, { id: "kyb" });
  }
  await user(P, "ada@workload.test", "admin");
  rita = await user(P, "rita@workload.test", "reviewer");
  sam = await user(P, "sam@workload.test", "reviewer");
  gone = await user(P, "gus@workload.test", "reviewer", false);
  await user(P, "aud@workload.test", "auditor");
  const other = await user("elsewhere", "eve@elsewhere.test", "reviewer");
  const [team] = await t.db.insert(teams).values({ projectId: P, name: "Senior" }).returning();
  await t.db.insert(teamMembers).values({ teamId: team.id, userId: rita.id, projectId: P });

  await heldCase(P, rita.id, { dueInMs: -60_000, name: "Late Ltd" });
  await heldCase(P, rita.id, { dueInMs: 3_600_000, name: "Soon Ltd" });
  await heldCase(P, rita.id, { name: "Open Ltd" });
  await heldCase(P, rita.id, { status: "completed" });
  await heldCase(P, gone.id);
  await heldCase(P, null, { dueInMs: -1000 });
  await heldCase(P, null);
  await heldCase("elsewhere", other.id);
});
afterAll(() => t?.dispose());
beforeEach(() => vi.mocked(currentUser).mockReset());

describe(`workload (${process.env.TEST_DB_KIND})`, () => {
  it("counts each person's open cases and the overdue ones; lists idle reviewers, and inactive people only while they hold cases", async () => {
    vi.mocked(currentUser).mockResolvedValue(sam);
    const res = await get();
    expect(res.status).toBe(200);
    const byEmail = Object.fromEntries(res.json.people.map((p: { email: string }) => [p.email, p]));
    expect(Object.keys(byEmail)).toEqual(["rita@workload.test", "gus@workload.test", "ada@workload.test", "sam@workload.test"]);
    expect(byEmail["rita@workload.test"]).toMatchObject({ userId: rita.id, role: "reviewer", active: true, teams: ["Senior"], open: 3, overdue: 1 });
    expect(byEmail["rita@workload.test"].oldestAssignedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byEmail["gus@workload.test"]).toMatchObject({ active: false, open: 1, overdue: 0 });
    expect(byEmail["sam@workload.test"]).toMatchObject({ open: 0, overdue: 0, oldestAssignedAt: null, teams: [] });
    expect(res.json.unassigned).toEqual({ open: 2, overdue: 1 });
  });

  it("needs a session", async () => {
    vi.mocked(currentUser).mockResolvedValue(null);
    expect((await get()).status).toBe(401);
  });

  it("lists a person's open cases, soonest deadline first, cases without one last", async () => {
    const cases = await openCasesOf(t.db, P, rita.id);
    expect(cases.map((c) => c.name)).toEqual(["Late Ltd", "Soon Ltd", "Open Ltd"]);
    expect(await openCasesOf(t.db, "elsewhere", rita.id)).toEqual([]);
  });
});
