import { describe, expect, it } from "vitest";
import { API_ROUTES } from "@/lib/api/openapi/routes";
import { GET as openapi, POST as postOpenapi } from "./openapi.json/route";
import * as catchAll from "./[...rest]/route";
import * as filters from "./external/filters/route";

const req = (method: string, path: string) => new Request(`http://localhost${path}`, { method });

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1.0 JSON covering every /api/v1 route with its request schema", async () => {
    const res = await openapi();
    expect(res.status).toBe(200);
    const doc = JSON.parse(await res.text());
    expect(doc.openapi).toBe("3.1.0");
    const expected = [
      "post /api/v1/external/workflows/run",
      "post /api/v1/external/workflows/{workflowRuntimeId}/send-event",
      "get /api/v1/external/workflows",
      "get /api/v1/external/workflows/{workflowRuntimeId}",
      "get /api/v1/external/workflows/{workflowRuntimeId}/history",
      "get /api/v1/external/filters",
      "post /api/v1/external/filters",
      "get /api/v1/external/filters/{filterId}",
      "get /api/v1/external/filters/{filterId}/cases",
      "get /api/v1/external/workflow-definitions",
      "post /api/v1/external/workflow-definitions",
      "get /api/v1/external/workflow-definitions/{definitionId}",
      "get /api/v1/external/workflow-definitions/{definitionId}/versions",
      "get /api/v1/external/secrets",
      "put /api/v1/external/secrets/{name}",
      "delete /api/v1/external/secrets/{name}",
      "get /api/v1/openapi.json",
    ];
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`));
    expect(documented).toEqual(expect.arrayContaining(expected));
    expect(documented).toHaveLength(API_ROUTES.length);
    const run = doc.paths["/api/v1/external/workflows/run"].post;
    expect(run.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/RunRequest");
    const runSchema = doc.components.schemas.RunRequest;
    expect(runSchema.required).toEqual(["workflowId", "context"]);
    expect(runSchema.additionalProperties).toBe(false);
    expect(runSchema.properties.context.properties.entity.properties.type.enum).toEqual(["business", "individual"]);
    const list = doc.paths["/api/v1/external/workflows"].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toEqual(["workflowDefinitionId", "state", "status", "tag", "entityId", "limit", "cursor"]);
    expect(doc.paths["/api/v1/openapi.json"].get.security).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const placeholder of path.match(/\{(\w+)\}/g) ?? []) {
        for (const op of Object.values(ops as Record<string, { parameters: { name: string; in: string }[] }>)) {
          expect(op.parameters.some((p) => p.in === "path" && `{${p.name}}` === placeholder), `${path} ${placeholder}`).toBe(true);
        }
      }
    }
    expect((await postOpenapi(req("POST", "/api/v1/openapi.json"))).status).toBe(405);
  });
});

describe("unknown routes and wrong methods", () => {
  it("404 problem+json for any method on an unknown /api/v1 path", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      const res = await catchAll[method](req(method, "/api/v1/external/nope"));
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      const body = await res.json();
      expect(body).toMatchObject({ status: 404, code: "not_found", title: "Not Found" });
      expect(body.detail).toContain(`${method} /api/v1/external/nope`);
    }
    expect((await catchAll.HEAD(req("HEAD", "/api/v1/x"))).status).toBe(404);
  });

  it("405 problem+json with Allow for an unimplemented method; OPTIONS lists the methods", async () => {
    const res = await filters.DELETE(req("DELETE", "/api/v1/external/filters"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed", status: 405 });
    const options = await filters.OPTIONS(req("OPTIONS", "/api/v1/external/filters"));
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, POST, HEAD, OPTIONS"]);
  });
});
