import { expect, it } from "vitest";
import { EXAMPLE } from "../seed";
import { type ClientRun, otherUuid } from "./client-run";

/** Definitions and filters. */
export function registerDefinitionCalls(c: ClientRun): void {
  it("lists, reads and creates definitions: Location, 409 for a version out of order, 422 for a bad definition or cursor", async () => {
    const listed = await c.api.GET("/api/v1/external/workflow-definitions", { params: { query: { limit: 1 } } });
    expect(listed.data).toMatchObject({ data: [{ id: "kyb_manual_review_example" }], nextCursor: null });
    expect((await c.api.GET("/api/v1/external/workflow-definitions", { params: { query: { cursor: "garbage" } } })).error.code).toBe("invalid_cursor");
    const example = { ...EXAMPLE, version: undefined }; // the next version
    const created = await c.api.POST("/api/v1/external/workflow-definitions", { body: { ...example, id: "openapi_flow" } });
    expect(created.response.headers.get("location")).toBe("/api/v1/external/workflow-definitions/openapi_flow?version=1");
    const stale = await c.api.POST("/api/v1/external/workflow-definitions", { body: { ...example, id: "openapi_flow", version: 5 } });
    expect(stale.error).toMatchObject({ status: 409, code: "version_conflict" });
    expect((await c.api.POST("/api/v1/external/workflow-definitions", { body: { ...example, id: "broken", definition: {} } })).error.code).toBe("definition_invalid");
    const path = { definitionId: "openapi_flow" };
    expect((await c.api.GET("/api/v1/external/workflow-definitions/{definitionId}", { params: { path, query: { version: 1 } } })).data.version).toBe(1);
    expect((await c.api.GET("/api/v1/external/workflow-definitions/{definitionId}", { params: { path, query: { version: 9 } } })).error.code).toBe("not_found");
    expect((await c.api.GET("/api/v1/external/workflow-definitions/{definitionId}/versions", { params: { path } })).data.data).toHaveLength(1);
    expect((await c.api.GET("/api/v1/external/workflow-definitions/{definitionId}/versions", { params: { path: { definitionId: "nope" } } })).error.code).toBe("not_found");
  });

  it("creates filters (Location), lists them a page at a time through Link rel=next, reads and runs one", async () => {
    const body = { name: "Manual review", entity: "businesses", query: { where: { state: "manual_review" } } };
    const created = await c.api.POST("/api/v1/external/filters", { body });
    expect(created.response.headers.get("location")).toBe(`/api/v1/external/filters/${created.data.id}`);
    await c.api.POST("/api/v1/external/filters", { body: { ...body, name: "Second" } });
    expect((await c.api.POST("/api/v1/external/filters", { body: { ...body, projectId: "other" } })).error.code).toBe("forbidden");
    expect((await c.api.POST("/api/v1/external/filters", { body: { ...body, query: { where: { nope: 1 } } } })).error.code).toBe("validation_failed");
    const first = await c.api.GET("/api/v1/external/filters", { params: { query: { limit: 1 } } });
    const link = first.response.headers.get("link")!;
    const cursor = new URL(/^<([^>]+)>/.exec(link)![1], "http://localhost").searchParams.get("cursor");
    const second = await c.api.GET("/api/v1/external/filters", { params: { query: { limit: 1, cursor } } });
    expect([first.data[0].name, second.data[0].name, second.response.headers.get("link")]).toEqual(["Manual review", "Second", null]);
    const path = { filterId: created.data.id };
    expect((await c.api.GET("/api/v1/external/filters/{filterId}", { params: { path } })).data.name).toBe("Manual review");
    expect((await c.api.GET("/api/v1/external/filters/{filterId}", { params: { path: { filterId: otherUuid } } })).error.code).toBe("not_found");
    expect((await c.api.PATCH("/api/v1/external/filters/{filterId}", { params: { path }, body: { assignment: "round_robin" } })).data).toMatchObject({ teamIds: [], assignment: "round_robin" });
    expect((await c.api.PATCH("/api/v1/external/filters/{filterId}", { params: { path }, body: { teamIds: [otherUuid] } })).error.errors[0].path).toBe("/teamIds/0");
    const cases = await c.api.GET("/api/v1/external/filters/{filterId}/cases", { params: { path, query: { limit: 5 } } });
    expect(cases.data.data.length).toBeGreaterThan(0);
    expect((await c.api.GET("/api/v1/external/filters/{filterId}/cases", { params: { path, query: { cursor: "garbage" } } })).error.code).toBe("invalid_cursor");
  });
}
