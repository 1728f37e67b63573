import { expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { setPhase } from "@/lib/readiness/process-state";
import { type ClientRun, otherUuid } from "./client-run";

/** The service's own endpoints, then a runtime's start, events and reads (it sets `c.runtimeId`). */
export function registerRuntimeCalls(c: ClientRun): void {
  it("reads the document and the health check", async () => {
    expect((await c.anonymous.GET("/api/v1/openapi.json", {})).data.openapi).toBe("3.1.0");
    expect((await c.anonymous.GET("/api/health", {})).data.status).toBe("ok");
    expect((await c.anonymous.GET("/api/health/ready", {})).error.code).toBe("not_ready"); // this process never booted
    setPhase("ready");
    expect((await c.anonymous.GET("/api/health/ready", {})).data.status).toBe("ready");
  });

  it("is refused the metrics without their token (401 problem, WWW-Authenticate)", async () => {
    process.env.METRICS_TOKEN = "metrics-token-for-the-client-test";
    resetEnvCache();
    try {
      const { error, response } = await c.anonymous.GET("/api/metrics", { headers: { authorization: "Bearer wrong" } });
      expect(response.status).toBe(401);
      expect(error.code).toBe("unauthorized");
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
    } finally {
      delete process.env.METRICS_TOKEN;
      resetEnvCache();
    }
  });

  it("runs a workflow (201, Location, Preference-Applied; a replay says Idempotent-Replayed) and gets the problems of a bad run", async () => {
    const params = { header: { "Idempotency-Key": "openapi-run-1", Prefer: "wait=10" } };
    const first = await c.api.POST("/api/v1/external/workflows/run", { params, body: c.runBody("1") });
    expect([first.response.status, first.response.headers.get("preference-applied")]).toEqual([201, "wait=10"]);
    c.runtimeId = first.data.workflowRuntimeId;
    expect(first.response.headers.get("location")).toBe(`/api/v1/external/workflows/${c.runtimeId}`);
    const reused = await c.api.POST("/api/v1/external/workflows/run", { params, body: c.runBody("1") }); // a new entity id: another body
    expect(reused.error.code).toBe("idempotency_key_reused");
    const again = { params: { header: { "Idempotency-Key": "openapi-run-2" } }, body: c.runBody("2") };
    await c.api.POST("/api/v1/external/workflows/run", again);
    const replayed = await c.api.POST("/api/v1/external/workflows/run", again);
    expect([replayed.response.status, replayed.response.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    const codes = [
      (await c.anonymous.POST("/api/v1/external/workflows/run", { body: c.runBody("3") })).error.code,
      (await c.api.POST("/api/v1/external/workflows/run", { body: { ...c.runBody("3"), workflowId: "nope" } })).error.code,
      (await c.api.POST("/api/v1/external/workflows/run", { body: { ...c.runBody("3"), state: "approve" } })).error.code,
      (await c.api.POST("/api/v1/external/workflows/run", { body: c.runBody("3"), bodySerializer: () => "{" })).error.code,
      (await c.api.POST("/api/v1/external/workflows/run", { body: c.runBody("3"), headers: { "Content-Type": "text/plain" } })).error.code,
      (await c.api.POST("/api/v1/external/workflows/run", { body: c.runBody("3"), params: { header: { "Idempotency-Key": "a b" } } })).error.code,
    ];
    expect(codes).toEqual(["unauthorized", "not_found", "validation_failed", "malformed_json", "unsupported_media_type", "invalid_idempotency_key"]);
  });

  it("sends events: 409 for an event the state does not accept, 412 for a stale If-Match, then 200 with ETag once settled", async () => {
    const path = { workflowRuntimeId: c.runtimeId };
    const send = (name: string, header: Record<string, string> = {}) =>
      c.api.POST("/api/v1/external/workflows/{workflowRuntimeId}/send-event", { params: { path, header }, body: { name, payload: { by: "openapi test" } } });
    expect((await send("approve")).error.code).toBe("event_not_accepted");
    expect((await send("start", { "If-Match": '"7"' })).error).toMatchObject({ status: 412, code: "version_conflict" });
    expect((await send("start", { "If-Match": "seven" })).error.code).toBe("invalid_if_match");
    const moved = await send("start", { "If-Match": '"1"', Prefer: "wait=10" });
    expect(moved.data).toMatchObject({ state: "manual_review", nextEvents: ["approve", "reject", "revision"] });
    expect(moved.response.headers.get("etag")).toBe(`"${moved.data.version}"`);
    const missing = await c.api.POST("/api/v1/external/workflows/{workflowRuntimeId}/send-event", { params: { path: { workflowRuntimeId: otherUuid } }, body: { name: "start" } });
    expect(missing.error.code).toBe("not_found");
  });

  it("reads a runtime, lists runtimes and reads the history, a page at a time", async () => {
    const one = await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}", { params: { path: { workflowRuntimeId: c.runtimeId } } });
    expect(one.response.headers.get("etag")).toBe(`"${one.data.version}"`);
    expect((await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}", { params: { path: { workflowRuntimeId: otherUuid } } })).error.code).toBe("not_found");
    const page = await c.api.GET("/api/v1/external/workflows", { params: { query: { limit: 1, tag: ["manual_review"] } } });
    expect(page.data.data).toHaveLength(1);
    const all = await c.api.GET("/api/v1/external/workflows", { params: { query: { limit: 1 } } });
    const next = await c.api.GET("/api/v1/external/workflows", { params: { query: { limit: 1, cursor: all.data.nextCursor } } });
    expect(next.data.data[0].id).not.toBe(all.data.data[0].id);
    expect((await c.api.GET("/api/v1/external/workflows", { params: { query: { stat: "active" } } })).error.code).toBe("validation_failed");
    const path = { workflowRuntimeId: c.runtimeId };
    const first = await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path, query: { limit: 2 } } });
    expect(first.data.data.map((e: { kind: string }) => e.kind)).toEqual(["created", "transition"]);
    const rest = await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path, query: { cursor: first.data.nextCursor } } });
    expect(rest.data.data.map((e: { kind: string }) => e.kind)).toContain("plugin_call");
    expect((await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path, query: { cursor: "x" } } })).error.code).toBe("validation_failed");
    expect((await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path: { workflowRuntimeId: otherUuid } } })).response.status).toBe(404);
  });
}
