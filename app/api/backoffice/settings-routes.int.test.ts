import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { currentUser } from "@/lib/auth/session";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { users } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { seedDefinition, seedProject } from "@/tests/support/seed";
import * as apiKey from "./api-keys/[keyId]/route";
import * as apiKeys from "./api-keys/route";
import * as validate from "./definitions/[definitionId]/validate/route";
import * as versions from "./definitions/[definitionId]/versions/route";
import * as secret from "./secrets/[name]/route";
import * as secrets from "./secrets/route";
import * as team from "./teams/[teamId]/route";
import * as teamMember from "./teams/[teamId]/members/[userId]/route";
import * as teamMembers from "./teams/[teamId]/members/route";
import * as teams from "./teams/route";
import * as user from "./users/[userId]/route";
import * as redeliver from "./webhooks/deliveries/[deliveryId]/redeliver/route";
import * as deliveries from "./webhooks/deliveries/route";
import * as rotate from "./webhooks/secret/rotate/route";
import * as signing from "./webhooks/secret/route";
import * as subscription from "./webhooks/subscriptions/[subscriptionId]/route";
import * as subscriptions from "./webhooks/subscriptions/route";

// Only the next-auth session lookup is replaced; the handlers, the origin check and the database are real.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const P = "routes";
const UUID = "00000000-0000-4000-8000-000000000000";
const SAME_ORIGIN = { host: "localhost", origin: "http://localhost" };
let t: TestDatabase;
let admin: SessionUser;
let reviewer: SessionUser;
let document: Record<string, unknown>;

type Handler = Parameters<typeof call>[0];
type Route = { name: string; handler: Handler; method: string; path: string; params?: Record<string, string>; body?: unknown };

const ROUTES: Route[] = [
  { name: "list API keys", handler: apiKeys.GET, method: "GET", path: "/api/backoffice/api-keys" },
  { name: "create API key", handler: apiKeys.POST, method: "POST", path: "/api/backoffice/api-keys", body: { name: "x" } },
  { name: "revoke API key", handler: apiKey.DELETE, method: "DELETE", path: `/api/backoffice/api-keys/${UUID}`, params: { keyId: UUID } },
  { name: "list secrets", handler: secrets.GET, method: "GET", path: "/api/backoffice/secrets" },
  { name: "set secret", handler: secret.PUT, method: "PUT", path: "/api/backoffice/secrets/X", params: { name: "X" }, body: { value: "v" } },
  { name: "delete secret", handler: secret.DELETE, method: "DELETE", path: "/api/backoffice/secrets/X", params: { name: "X" } },
  { name: "list subscriptions", handler: subscriptions.GET, method: "GET", path: "/api/backoffice/webhooks/subscriptions" },
  { name: "create subscription", handler: subscriptions.POST, method: "POST", path: "/api/backoffice/webhooks/subscriptions", body: { url: "https://r.example/h", events: ["workflow.completed"] } },
  { name: "pause subscription", handler: subscription.PATCH, method: "PATCH", path: `/api/backoffice/webhooks/subscriptions/${UUID}`, params: { subscriptionId: UUID }, body: { active: false } },
  { name: "delete subscription", handler: subscription.DELETE, method: "DELETE", path: `/api/backoffice/webhooks/subscriptions/${UUID}`, params: { subscriptionId: UUID } },
  { name: "signing secret status", handler: signing.GET, method: "GET", path: "/api/backoffice/webhooks/secret" },
  { name: "rotate signing secret", handler: rotate.POST, method: "POST", path: "/api/backoffice/webhooks/secret/rotate" },
  { name: "recent deliveries", handler: deliveries.GET, method: "GET", path: "/api/backoffice/webhooks/deliveries" },
  { name: "redeliver", handler: redeliver.POST, method: "POST", path: `/api/backoffice/webhooks/deliveries/${UUID}/redeliver`, params: { deliveryId: UUID } },
  { name: "list teams", handler: teams.GET, method: "GET", path: "/api/backoffice/teams" },
  { name: "create team", handler: teams.POST, method: "POST", path: "/api/backoffice/teams", body: { name: "Senior" } },
  { name: "read team", handler: team.GET, method: "GET", path: `/api/backoffice/teams/${UUID}`, params: { teamId: UUID } },
  { name: "rename team", handler: team.PATCH, method: "PATCH", path: `/api/backoffice/teams/${UUID}`, params: { teamId: UUID }, body: { name: "Seniors" } },
  { name: "delete team", handler: team.DELETE, method: "DELETE", path: `/api/backoffice/teams/${UUID}`, params: { teamId: UUID } },
  { name: "add team member", handler: teamMembers.POST, method: "POST", path: `/api/backoffice/teams/${UUID}/members`, params: { teamId: UUID }, body: { userId: UUID } },
  { name: "remove team member", handler: teamMember.DELETE, method: "DELETE", path: `/api/backoffice/teams/${UUID}/members/${UUID}`, params: { teamId: UUID, userId: UUID } },
  { name: "change user", handler: user.PATCH, method: "PATCH", path: `/api/backoffice/users/${UUID}`, params: { userId: UUID }, body: { active: false } },
  { name: "validate definition", handler: validate.POST, method: "POST", path: "/api/backoffice/definitions/kyb_manual_review_example/validate", params: { definitionId: "kyb_manual_review_example" }, body: { document: {} } },
  { name: "save definition", handler: versions.POST, method: "POST", path: "/api/backoffice/definitions/kyb_manual_review_example/versions", params: { definitionId: "kyb_manual_review_example" }, body: { document: {}, baseVersion: 1 } },
];
const CHANGES = ROUTES.filter((r) => r.method !== "GET");
const route = (name: string) => ROUTES.find((r) => r.name === name)!;

const send = (r: Route, headers: Record<string, string> = SAME_ORIGIN, body = r.body) => call(r.handler, r.method, r.path, { params: r.params, headers, body });
const signedInAs = (u: SessionUser | null) => vi.mocked(currentUser).mockResolvedValue(u);

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
  await seedDefinition(t.db, P);
  const [a] = await t.db.insert(users).values({ projectId: P, email: "ada@routes.test", role: "admin", passwordHash: "x", firstName: "Ada" }).returning();
  admin = { id: a.id, email: a.email, name: "Ada", role: "admin", projectId: P };
  reviewer = { ...admin, id: UUID, email: "rita@routes.test", role: "reviewer" };
  const { default: example } = await import("@/lib/seed/kyb-manual-review.definition.json");
  document = JSON.parse(JSON.stringify(example));
  delete document.version;
});
afterAll(() => t?.dispose());
beforeEach(() => vi.mocked(currentUser).mockReset());

describe(`backoffice settings and definition routes (${process.env.TEST_DB_KIND})`, () => {
  it.each(ROUTES.map((r) => [r.name, r] as const))("%s: 401 without a session", async (_name, route) => {
    signedInAs(null);
    const res = await send(route);
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.json.code).toBe("unauthenticated");
  });

  it.each(ROUTES.map((r) => [r.name, r] as const))("%s: 403 for a reviewer", async (_name, route) => {
    signedInAs(reviewer);
    const res = await send(route);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("forbidden");
  });

  it.each(CHANGES.map((r) => [r.name, r] as const))("%s: 403 for an admin when the Origin is another site or missing", async (_name, route) => {
    signedInAs(admin);
    const foreign: Record<string, string>[] = [{ host: "localhost", origin: "http://evil.example" }, { host: "localhost" }];
    for (const headers of foreign) {
      const res = await send(route, headers);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("cross_origin_request");
    }
  });

  it("lets an admin create and revoke a key, set a secret, validate and save a definition", async () => {
    signedInAs(admin);
    const created = await send(route("create API key"), SAME_ORIGIN, { name: "From the UI" });
    expect(created.status).toBe(201);
    expect(created.json.key).toMatch(/^kyc_/);
    const listed = await send(route("list API keys"));
    expect(JSON.stringify(listed.json)).not.toContain(created.json.key);
    const revoked = await call(apiKey.DELETE, "DELETE", `/api/backoffice/api-keys/${created.json.id}`, { params: { keyId: created.json.id }, headers: SAME_ORIGIN });
    expect(revoked.status).toBe(204);

    const set = await send(route("set secret"), SAME_ORIGIN, { value: "never-shown-again" });
    expect(set.status).toBe(200);
    expect(JSON.stringify(set.json)).not.toContain("never-shown-again");
    expect(JSON.stringify((await send(route("list secrets"))).json)).not.toContain("never-shown-again");

    const broken = { ...document, definition: { ...(document.definition as object), initial: "nowhere" } };
    const checked = await send(route("validate definition"), SAME_ORIGIN, { document: broken });
    expect(checked.status).toBe(200);
    expect(checked.json.valid).toBe(false);
    expect(checked.json.problems).toEqual([expect.objectContaining({ path: "/definition/initial" })]);
    expect((await send(route("validate definition"), SAME_ORIGIN, { document })).json).toEqual({ valid: true, problems: [] });

    const refused = await send(route("save definition"), SAME_ORIGIN, { document: broken, baseVersion: 1 });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ code: "definition_invalid", errors: [expect.objectContaining({ path: "/definition/initial" })] });
    const saved = await send(route("save definition"), SAME_ORIGIN, { document, baseVersion: 1 });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ id: "kyb_manual_review_example", version: 2 });
  });

  it("refuses an admin demoting themself with 409 self_lockout", async () => {
    signedInAs(admin);
    const res = await call(user.PATCH, "PATCH", `/api/backoffice/users/${admin.id}`, { params: { userId: admin.id }, headers: SAME_ORIGIN, body: { role: "reviewer" } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("self_lockout");
  });
});
