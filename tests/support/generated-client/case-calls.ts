import { expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { jobs } from "@/lib/db/schema";
import { type ClientRun, otherUuid } from "./client-run";

/** Changes to the case of `c.runtimeId`: documents, the audit trail, notes and jobs, context, move and cancel. */
export function registerCaseCalls(c: ClientRun): void {
  it("adds, replaces, lists and deletes a runtime's documents (ETag, If-Match, 409, 412, 422, 404)", async () => {
    const path = { workflowRuntimeId: c.runtimeId };
    const docPath = { ...path, documentId: "openapi-doc" };
    const added = await c.api.POST("/api/v1/external/workflows/{workflowRuntimeId}/documents", { params: { path }, body: { id: "openapi-doc", category: "proof_of_address" } });
    expect([added.response.status, added.data.document.version, added.response.headers.get("etag")]).toEqual([201, 1, `"${added.data.version}"`]);
    expect((await c.api.POST("/api/v1/external/workflows/{workflowRuntimeId}/documents", { params: { path }, body: { id: "openapi-doc" } })).error.code).toBe("document_exists");
    const replace = (header: Record<string, string>, body: Record<string, unknown> = { category: "proof_of_address", type: "utility_bill" }) =>
      c.api.PUT("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}", { params: { path: docPath, header }, body });
    expect((await replace({ "If-Match": `"${added.data.version}"` })).data.document.version).toBe(2);
    expect((await replace({ "If-Match": `"${added.data.version}"` })).error).toMatchObject({ status: 412, code: "version_conflict" });
    expect((await replace({}, { decision: { status: "approved" } })).error.code).toBe("validation_failed");
    const listed = await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}/versions", { params: { path: docPath } });
    expect(listed.data.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await c.api.DELETE("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}", { params: { path: docPath } })).response.status).toBe(204);
    expect((await c.api.DELETE("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}", { params: { path: docPath } })).error.code).toBe("not_found");
    expect((await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}/documents/{documentId}/versions", { params: { path: { ...path, documentId: "nope" } } })).error.code).toBe("not_found");
  });

  it("reads the audit trail a page at a time, filtered by action, and refuses a bad time (422)", async () => {
    // Rotating the signing secret (an earlier test) and patching the context are audited.
    const all = await c.api.GET("/api/v1/external/audit-events", { params: { query: { limit: 1 } } });
    expect(all.response.status).toBe(200);
    expect(all.data.data).toHaveLength(1);
    const next = await c.api.GET("/api/v1/external/audit-events", { params: { query: { limit: 1, cursor: all.data.nextCursor } } });
    expect(next.data.data[0].id).toBeLessThan(all.data.data[0].id);
    const patched = await c.api.GET("/api/v1/external/audit-events", { params: { query: { action: "case.", targetType: "runtime" } } });
    expect(patched.data.data.length).toBeGreaterThan(0);
    expect((await c.api.GET("/api/v1/external/audit-events", { params: { query: { from: "yesterday" } } })).error.code).toBe("validation_failed");
  });

  it("writes and reads notes, lists failed jobs and refuses to retry a job that did not fail", async () => {
    const path = { workflowRuntimeId: c.runtimeId };
    expect((await c.api.POST("/api/v1/external/workflows/{workflowRuntimeId}/notes", { params: { path }, body: { text: "Checked by phone." } })).response.status).toBe(201);
    expect((await c.api.POST("/api/v1/external/workflows/{workflowRuntimeId}/notes", { params: { path }, body: { text: " " } })).error.code).toBe("validation_failed");
    expect((await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}/notes", { params: { path, query: { limit: 5 } } })).data.data[0].text).toBe("Checked by phone.");
    expect((await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}/notes", { params: { path: { workflowRuntimeId: otherUuid } } })).error.code).toBe("not_found");
    expect((await c.api.GET("/api/v1/external/jobs", { params: { query: { status: "failed", workflowRuntimeId: c.runtimeId } } })).data).toEqual({ data: [], nextCursor: null });
    expect((await c.api.GET("/api/v1/external/jobs", { params: { query: { status: "failed", workflowRuntimeId: otherUuid } } })).error.code).toBe("not_found");
    const [done] = await c.db.select().from(jobs).where(and(eq(jobs.runtimeId, c.runtimeId), eq(jobs.kind, "api_plugin")));
    expect((await c.api.POST("/api/v1/external/jobs/{jobId}/retry", { params: { path: { jobId: String(done.id) } } })).error.code).toBe("job_not_retryable");
    expect((await c.api.POST("/api/v1/external/jobs/{jobId}/retry", { params: { path: { jobId: "987654321" } } })).error.code).toBe("not_found");
  });

  it("patches the context (merge-patch, 412, 415, 422), moves (422 listing states, 404) and cancels (twice 409) a runtime", async () => {
    const path = { workflowRuntimeId: c.runtimeId };
    const current = (await c.api.GET("/api/v1/external/workflows/{workflowRuntimeId}", { params: { path } })).data.version;
    const patch = (body: unknown, options: Record<string, unknown> = {}) =>
      c.api.PATCH("/api/v1/external/workflows/{workflowRuntimeId}/context", { params: { path, header: { "If-Match": `"${current}"` } }, body, headers: { "Content-Type": "application/merge-patch+json" }, ...options });
    const patched = await patch({ entity: { data: { country: null } }, reviewNote: "called" });
    expect([patched.data.context.reviewNote, patched.response.headers.get("etag")]).toEqual(["called", `"${current + 1}"`]);
    expect((await patch({ a: 1 })).error).toMatchObject({ status: 412, code: "version_conflict" });
    const unsupported = await patch({ a: 1 }, { headers: { "Content-Type": "text/plain" } });
    expect([unsupported.error.code, unsupported.response.headers.get("accept-patch")]).toEqual(["unsupported_media_type", "application/merge-patch+json, application/json"]);
    expect((await patch({ a: 1 }, { bodySerializer: () => "[1]", params: { path } })).error.code).toBe("validation_failed");
    const moveTo = (state: string, workflowRuntimeId = c.runtimeId) => c.api.POST("/api/v1/external/workflows/{workflowRuntimeId}/move", { params: { path: { workflowRuntimeId } }, body: { state, reason: "openapi test" } });
    expect((await moveTo("nowhere")).error.errors[0].message).toContain("manual_review");
    expect((await moveTo("manual_review", otherUuid)).error.code).toBe("not_found");
    expect((await moveTo("manual_review")).data).toMatchObject({ state: "manual_review", status: "active" });
    const cancelIt = () => c.api.POST("/api/v1/external/workflows/{workflowRuntimeId}/cancel", { params: { path }, body: { reason: "openapi test" } });
    expect((await cancelIt()).data.status).toBe("canceled");
    expect((await cancelIt()).error).toMatchObject({ status: 409, code: "runtime_not_active" });
    expect((await patch({ a: 1 }, { params: { path } })).error.code).toBe("runtime_not_active");
  });
}
