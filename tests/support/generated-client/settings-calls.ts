import { expect, it } from "vitest";
import { users } from "@/lib/db/schema";
import { type ClientRun, otherUuid } from "./client-run";

/** Secrets, teams and webhooks. */
export function registerSettingsCalls(c: ClientRun): void {
  it("stores, lists (a page at a time), binds to hosts and deletes secrets; a bad name or host is 422, a missing one 404", async () => {
    for (const name of ["OPENAPI_A", "OPENAPI_B"]) expect((await c.api.PUT("/api/v1/external/secrets/{name}", { params: { path: { name } }, body: { value: "v" } })).data.name).toBe(name);
    const first = await c.api.GET("/api/v1/external/secrets", { params: { query: { limit: 1 } } });
    const second = await c.api.GET("/api/v1/external/secrets", { params: { query: { limit: 1, cursor: first.data.nextCursor } } });
    expect(second.data.data[0].name).not.toBe(first.data.data[0].name);
    expect((await c.api.PUT("/api/v1/external/secrets/{name}", { params: { path: { name: "lower" } }, body: { value: "v" } })).error.code).toBe("validation_failed");
    const bound = await c.api.PATCH("/api/v1/external/secrets/{name}", { params: { path: { name: "OPENAPI_A" } }, body: { allowedHosts: ["c.api.vendor.example"] } });
    expect(bound.data.allowedHosts).toEqual(["c.api.vendor.example"]);
    expect((await c.api.PATCH("/api/v1/external/secrets/{name}", { params: { path: { name: "OPENAPI_A" } }, body: { allowedHosts: ["*.com"] } })).error.code).toBe("validation_failed");
    expect((await c.api.DELETE("/api/v1/external/secrets/{name}", { params: { path: { name: "OPENAPI_B" } } })).response.status).toBe(204);
    expect((await c.api.DELETE("/api/v1/external/secrets/{name}", { params: { path: { name: "OPENAPI_B" } } })).error.code).toBe("not_found");
  });

  it("creates, lists, reads, renames and deletes teams and their members (409 for a taken name, 422 for a user of no project)", async () => {
    const [user] = await c.db.insert(users).values({ projectId: "proj-openapi", email: "ada@openapi.test", role: "reviewer", passwordHash: "x" }).returning();
    const team = (await c.api.POST("/api/v1/external/teams", { body: { name: "Senior", memberIds: [user.id] } })).data;
    expect([(await c.api.POST("/api/v1/external/teams", { body: { name: "senior" } })).error.code, (await c.api.GET("/api/v1/external/teams", {})).data.data[0].members[0].id]).toEqual(["team_name_taken", user.id]);
    const path = { teamId: team.id };
    expect([(await c.api.GET("/api/v1/external/teams/{teamId}", { params: { path } })).data.name, (await c.api.PATCH("/api/v1/external/teams/{teamId}", { params: { path }, body: { name: "Seniors" } })).data.name]).toEqual(["Senior", "Seniors"]);
    expect((await c.api.DELETE("/api/v1/external/teams/{teamId}/members/{userId}", { params: { path: { ...path, userId: user.id } } })).response.status).toBe(204);
    expect([(await c.api.POST("/api/v1/external/teams/{teamId}/members", { params: { path }, body: { userId: otherUuid } })).error.errors[0].path, (await c.api.POST("/api/v1/external/teams/{teamId}/members", { params: { path }, body: { userId: user.id } })).data.members.length]).toEqual(["/userId", 1]);
    expect([(await c.api.DELETE("/api/v1/external/teams/{teamId}", { params: { path } })).response.status, (await c.api.GET("/api/v1/external/teams/{teamId}", { params: { path } })).error.code]).toEqual([204, "not_found"]);
  });

  it("manages webhook subscriptions, reads deliveries and rotates the signing secret", async () => {
    const created = await c.api.POST("/api/v1/external/webhook-subscriptions", { body: { url: "https://receiver.example/hooks", events: ["workflow.completed"] } });
    const path = { subscriptionId: created.data.id };
    expect(created.response.headers.get("location")).toBe(`/api/v1/external/webhook-subscriptions/${created.data.id}`);
    expect((await c.api.GET("/api/v1/external/webhook-subscriptions", { params: { query: { level: "project" } } })).data.data).toHaveLength(1);
    expect((await c.api.POST("/api/v1/external/webhook-subscriptions/{subscriptionId}/disable", { params: { path } })).data.active).toBe(false);
    expect((await c.api.POST("/api/v1/external/webhook-subscriptions/{subscriptionId}/enable", { params: { path } })).data.active).toBe(true);
    expect((await c.api.DELETE("/api/v1/external/webhook-subscriptions/{subscriptionId}", { params: { path } })).response.status).toBe(204);
    expect((await c.api.DELETE("/api/v1/external/webhook-subscriptions/{subscriptionId}", { params: { path } })).error.code).toBe("not_found");
    expect((await c.api.GET("/api/v1/external/webhook-deliveries", { params: { query: { workflowRuntimeId: c.runtimeId } } })).data.data).toEqual(expect.any(Array));
    expect((await c.api.POST("/api/v1/external/webhook-deliveries/{deliveryId}/redeliver", { params: { path: { deliveryId: otherUuid } } })).error.code).toBe("not_found");
    const rotated = await c.api.POST("/api/v1/external/webhook-secret/rotate", {});
    expect((await c.api.GET("/api/v1/external/webhook-secret", {})).data).toMatchObject({ configured: true, fingerprint: rotated.data.fingerprint });
  });
}
