import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { API_ROUTE_TABLE } from "@/lib/api/http/route-table";
import { runtimeNotes, teamMembers, teams } from "@/lib/db/schema";
import { createFilter } from "@/lib/filters";
import { sendEvent } from "@/lib/runtime/send-event";
import { startRun } from "@/lib/runtime/start-run";
import { call } from "@/tests/support/http";
import { SAME_ORIGIN, signInAs } from "@/tests/support/backoffice-session";
import { directReview } from "@/tests/support/seed";
import { testProject } from "@/tests/support/test-project";
import { insertUser } from "@/tests/support/users";
import * as caseRoute from "./cases/[runtimeId]/route";
import * as notesRoute from "./cases/[runtimeId]/notes/route";

// Backoffice routes that name a case or a queue, called by reviewers in and out of the queue's team, an auditor
// and an admin. Only the next-auth session lookup is replaced; the handlers and the database are real.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const P = "route_access";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const t = testProject(P, { definitions: [directReview()] });
let admin: SessionUser;
let auditor: SessionUser;
let member: SessionUser;
let outsider: SessionUser;
let runtimeId: string;
let restrictedQueue: string;
let openQueue: string;

type Handler = Parameters<typeof call>[0];

/** Every method of every backoffice route whose path has `param`, with that segment set to `id` (others filled in). */
async function routesNaming(param: "runtimeId" | "filterId", id: string) {
  const out: { label: string; handler: Handler; method: string; params: Record<string, string> }[] = [];
  for (const [pattern, methods] of Object.entries(API_ROUTE_TABLE)) {
    if (!pattern.startsWith("/api/backoffice/") || !pattern.includes(`[${param}]`)) continue;
    const mod = (await import(path.resolve(__dirname, "../../..", `app${pattern}/route.ts`))) as Record<string, Handler>;
    const params = Object.fromEntries([...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => [m[1], m[1] === param ? id : m[1] === "page" ? "0" : UNKNOWN]));
    for (const method of methods) out.push({ label: `${method} ${pattern}`, handler: mod[method], method, params });
  }
  return out;
}

beforeAll(async () => {
  admin = await insertUser(t.db, P, "ada@access.test", "admin");
  auditor = await insertUser(t.db, P, "aude@access.test", "auditor");
  member = await insertUser(t.db, P, "mia@access.test");
  outsider = await insertUser(t.db, P, "otto@access.test");
  const [senior] = await t.db.insert(teams).values({ projectId: P, name: "Senior" }).returning();
  await t.db.insert(teamMembers).values({ teamId: senior.id, userId: member.id, projectId: P });
  const where = { workflowDefinitionId: "direct_review" };
  openQueue = (await createFilter(t.db, P, { name: "Everything", entity: "businesses", query: { where } })).id;
  restrictedQueue = (await createFilter(t.db, P, { name: "Senior review", entity: "businesses", query: { where: { ...where, state: "manual_review" } }, teamIds: [senior.id] })).id;
  const entity = { id: "acme", type: "business" as const, data: { companyName: "Acme", registrationNumber: "20000002" } };
  const run = await startRun(t.db, { projectId: P, workflowId: "direct_review", context: { entity }, actor: { type: "api_key" } });
  runtimeId = (await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor: { type: "api_key" } })).id;
});
beforeEach(() => vi.mocked(currentUser).mockReset());

describe(`backoffice routes and queue teams (${process.env.TEST_DB_KIND})`, () => {
  it("every route naming a case of a restricted queue answers a reviewer outside its teams as for no case at all (404; admins-only routes 403); nothing stored", async () => {
    signInAs(outsider);
    const routes = await routesNaming("runtimeId", runtimeId);
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const send = (r: (typeof routes)[number], id: string) =>
      call(r.handler, r.method, "/x", { params: { ...r.params, runtimeId: id }, headers: SAME_ORIGIN, body: r.method === "GET" ? undefined : { text: "hi", version: 2 } });
    for (const r of routes) {
      const [hidden, missing] = [await send(r, runtimeId), await send(r, UNKNOWN)];
      expect([hidden.status, hidden.json?.code], r.label).toEqual([missing.status, missing.json?.code]);
      expect(hidden.json.detail, r.label).toBe(missing.json.detail.replace(UNKNOWN, runtimeId));
      expect(hidden.status, r.label).toBe(r.label.match(/cancel|move/) ? 403 : 404);
    }
    expect(await t.db.select().from(runtimeNotes).where(eq(runtimeNotes.runtimeId, runtimeId))).toEqual([]);
  });

  it("lets a member of the team, an admin and an auditor read it, and the member write a note", async () => {
    for (const u of [member, admin, auditor]) {
      signInAs(u);
      const res = await call(caseRoute.GET, "GET", "/x", { params: { runtimeId } });
      expect([res.status, res.json.state], u.email).toEqual([200, "manual_review"]);
    }
    signInAs(member);
    const note = await call(notesRoute.POST, "POST", "/x", { params: { runtimeId }, headers: SAME_ORIGIN, body: { text: "Checked the registry." } });
    expect(note.status).toBe(201);
  });

  it("every route naming a restricted queue answers 404 to a reviewer outside its teams; an open queue's routes do not", async () => {
    for (const r of await routesNaming("filterId", restrictedQueue)) {
      const body = r.method === "GET" ? undefined : { values: {} };
      signInAs(outsider);
      const hidden = await call(r.handler, r.method, "/x", { params: r.params, headers: SAME_ORIGIN, body });
      expect([hidden.status, hidden.json?.code], r.label).toEqual([404, "not_found"]);
      signInAs(member);
      const shown = await call(r.handler, r.method, "/x", { params: r.params, headers: SAME_ORIGIN, body });
      expect(shown.status, r.label).not.toBe(404);
      signInAs(outsider);
      const open = await call(r.handler, r.method, "/x", { params: { ...r.params, filterId: openQueue }, headers: SAME_ORIGIN, body });
      expect(open.status, r.label).not.toBe(404);
    }
  });

  it("a case that leaves the restricted queue's state is the outsider's again", async () => {
    signInAs(outsider);
    expect((await call(caseRoute.GET, "GET", "/x", { params: { runtimeId } })).status).toBe(404);
    const moved = await sendEvent(t.db, { projectId: P, runtimeId, name: "revision", origin: "api", actor: { type: "api_key" } });
    expect(moved.state).toBe("revision");
    expect((await call(caseRoute.GET, "GET", "/x", { params: { runtimeId } })).json).toMatchObject({ id: runtimeId, state: "revision" });
  });
});
