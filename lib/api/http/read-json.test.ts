import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { jsonDepth } from "./json-guards";
import { readJsonBody } from "./read-json";
import { runRequestSchema, sendEventRequestSchema } from "../schemas";

const req = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://localhost/api/v1/external/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const validRun = { workflowId: "kyb", context: { entity: { id: "e-1", type: "business", data: { companyName: "Acme" } }, documents: [], api_config: { url: "x" } } };

describe("readJsonBody", () => {
  it("parses and validates a good body, keeping workflow-specific context keys", async () => {
    const body = await readJsonBody(req(JSON.stringify(validRun)), runRequestSchema);
    expect(body.context.api_config).toEqual({ url: "x" });
    expect(await readJsonBody(req('{"name":"start"}', { "content-type": "application/json; charset=utf-8" }), sendEventRequestSchema)).toEqual({ name: "start" });
  });

  it("415 unless the body is declared as JSON", async () => {
    for (const headers of [{}, { "content-type": "text/plain" }, { "content-type": "application/x-www-form-urlencoded" }] as Record<string, string>[]) {
      const e = await failure(readJsonBody(req('{"name":"x"}', headers), sendEventRequestSchema));
      expect([e.status, e.code]).toEqual([415, "unsupported_media_type"]);
    }
  });

  it("413 over the byte limit, by Content-Length or while streaming", async () => {
    const big = JSON.stringify({ name: "x", payload: { blob: "a".repeat(1_000_001) } });
    expect((await failure(readJsonBody(req(big), sendEventRequestSchema))).code).toBe("payload_too_large");
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("a".repeat(100_000)));
        controller.close();
      },
    });
    const e = await failure(readJsonBody(req(chunks), sendEventRequestSchema));
    expect([e.status, e.code]).toEqual([413, "payload_too_large"]);
    expect((await failure(readJsonBody(req('{"name":"abc"}'), sendEventRequestSchema, { maxBytes: 5 }))).status).toBe(413);
  });

  it("400 for empty, malformed or non-UTF-8 bodies", async () => {
    for (const body of ["", "   ", "{", '{"name": "x",}', "nul", new Uint8Array([0x7b, 0xff, 0x7d])]) {
      const e = await failure(readJsonBody(req(body), sendEventRequestSchema));
      expect([e.status, e.code]).toEqual([400, "malformed_json"]);
    }
  });

  it("422 too_deeply_nested beyond 64 levels, without recursing into the body", async () => {
    const deep = '{"name":"x","payload":' + '{"a":'.repeat(70) + "1" + "}".repeat(70) + "}";
    const e = await failure(readJsonBody(req(deep), sendEventRequestSchema));
    expect([e.status, e.code]).toEqual([422, "too_deeply_nested"]);
    const hostile = "[".repeat(500_000);
    expect((await failure(readJsonBody(req(hostile), sendEventRequestSchema))).code).toBe("too_deeply_nested");
  });

  it("422 forbidden_key for __proto__, constructor or prototype anywhere", async () => {
    const body = '{"name":"x","payload":{"a":[{"__proto__":{"admin":true}}],"constructor":{"prototype":1}}}';
    const e = await failure(readJsonBody(req(body), sendEventRequestSchema));
    expect([e.status, e.code]).toEqual([422, "forbidden_key"]);
    expect(e.errors.map((x) => x.path)).toEqual(["/payload/a/0/__proto__", "/payload/constructor"]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("422 validation_failed for NUL characters and unpaired surrogates (PostgreSQL cannot store them)", async () => {
    const e = await failure(readJsonBody(req('{"name":"a\\u0000","payload":{"k\\u0000":1}}'), sendEventRequestSchema));
    expect([e.status, e.code]).toEqual([422, "validation_failed"]);
    expect(e.errors.map((x) => x.path)).toEqual(["/name", "/payload/k\u0000"]);
    const surrogate = await failure(readJsonBody(req('{"name":"ok \\ud83d\\ude00","payload":{"a":"\\ud800x","b":"\\udc00"}}'), sendEventRequestSchema));
    expect(surrogate.errors.map((x) => x.path)).toEqual(["/payload/a", "/payload/b"]);
    expect((await readJsonBody(req('{"name":"emoji \\ud83d\\ude00"}'), sendEventRequestSchema)).name).toBe("emoji 😀");
  });

  it("422 validation_failed listing every issue with JSON pointers, unknown fields included", async () => {
    const bad = { workflowId: 7, state: "approved", projectId: "other", context: { entity: { id: "", type: "robot" }, documents: [{ pages: "no" }] } };
    const e = await failure(readJsonBody(req(JSON.stringify(bad)), runRequestSchema));
    expect([e.status, e.code]).toEqual([422, "validation_failed"]);
    const byPath = Object.fromEntries(e.errors.map((x) => [x.path, x.message]));
    expect(Object.keys(byPath).sort()).toEqual(["/context/documents/0/pages", "/context/entity/id", "/context/entity/type", "/projectId", "/state", "/workflowId"]);
    expect(byPath["/state"]).toBe("unknown field 'state'; use one of: workflowId, workflowVersion, context, config");
    const missing = await failure(readJsonBody(req("{}"), sendEventRequestSchema));
    expect(missing.errors).toEqual([{ path: "/name", message: "required field is missing (expected string)" }]);
    const notObject = await failure(readJsonBody(req("[1]"), sendEventRequestSchema));
    expect(notObject.errors[0].path).toBe("");
  });

  it("validates run config subscriptions (https/http URLs only)", async () => {
    const body = { ...validRun, config: { subscriptions: [{ type: "webhook", url: "javascript:alert(1)", events: ["workflow.completed"] }] } };
    const e = await failure(readJsonBody(req(JSON.stringify(body)), runRequestSchema));
    expect(e.errors.map((x) => x.path)).toEqual(["/config/subscriptions/0/url"]);
  });
});

describe("jsonDepth", () => {
  it("counts object and array nesting, ignoring brackets inside strings", () => {
    expect(jsonDepth('{"a":[1,{"b":"]]]{{{"}]}', 64)).toBe(3);
    expect(jsonDepth('"\\"[[["', 64)).toBe(0);
    expect(jsonDepth("[".repeat(100), 64)).toBe(65);
  });
});
