import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as served } from "@/app/api/v1/openapi.json/route";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walks a JSON document

const root = path.resolve(__dirname, "../../..");
let doc: Json;
/** Inside node_modules/.cache (git-ignored), so the probe resolves openapi-fetch like any module of the app. */
let dir: string;

beforeAll(async () => {
  doc = await (await served()).json();
  await mkdir(path.join(root, "node_modules/.cache"), { recursive: true });
  dir = await mkdtemp(path.join(root, "node_modules/.cache/openapi-client-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ path: p, method, op })));
const deref = (value: Json): Json => (value.$ref ? deref(value.$ref.slice(2).split("/").reduce((at: Json, key: string) => at[key], doc)) : value);

describe("the served OpenAPI document", () => {
  it("passes `redocly lint` with redocly.yaml: no errors, no warnings", async () => {
    const file = path.join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(doc, null, 2));
    const cli = path.join(root, "node_modules/@redocly/cli/bin/cli.js");
    const run = promisify(execFile)(process.execPath, [cli, "lint", file, "--config", path.join(root, "redocly.yaml"), "--format=json"], { cwd: root });
    const { stdout } = await run.catch((error: { stdout: string }) => error);
    const report = JSON.parse(stdout.slice(stdout.indexOf("{")));
    expect(report.problems.map((p: Json) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("describes a body for every answer but 204, problem+json for every error, with the codes of its status", () => {
    for (const { path: p, method, op } of operations()) {
      for (const [status, ref] of Object.entries(op.responses as Record<string, Json>)) {
        const answer = deref(ref);
        const where = `${method} ${p} ${status}`;
        if (status === "204") expect(answer.content, where).toBeUndefined();
        else if (p === "/api/metrics" && status === "200") expect(Object.keys(answer.content), where).toEqual(["text/plain"]);
        else if (Number(status) < 300 || (status === "503" && p === "/api/health")) expect(Object.keys(answer.content), where).toEqual(["application/json"]);
        else {
          expect(answer.content, where).toEqual({ "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } });
          const codes = [...answer.description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((c) => c in ERROR_CODES) as ErrorCode[];
          expect(codes.length, where).toBeGreaterThan(0);
          for (const code of codes) expect([ERROR_CODES[code].status, ...ERROR_CODES[code].alsoAs], `${where} ${code}`).toContain(Number(status));
        }
      }
    }
    expect(doc.components.schemas.Problem.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
    const sendEvent = doc.paths["/api/v1/external/workflows/{workflowRuntimeId}/send-event"].post;
    expect(sendEvent.responses[412].description).toContain("`version_conflict`");
    const history = doc.paths["/api/v1/external/workflows/{workflowRuntimeId}/history"].get;
    expect(history.parameters.map((q: Json) => q.name)).toEqual(["workflowRuntimeId", "limit", "cursor"]);
  });

  it("generates a client (openapi-typescript) that types every success body and every problem", async () => {
    await writeFile(path.join(dir, "api.ts"), astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0])));
    const checks = operations().flatMap(({ path: p, method, op }) =>
      Object.entries(op.responses as Record<string, Json>)
        .filter(([status]) => status !== "204")
        .map(([status, ref]) => {
          const at = `paths[${JSON.stringify(p)}][${JSON.stringify(method)}]["responses"][${status}]["content"]`;
          const content = "content" in deref(ref) ? deref(ref).content : {};
          if (content["text/plain"]) return `typed<${at}["text/plain"]>(true);`;
          return content["application/json"] ? `typed<${at}["application/json"]>(true);` : `problem<${at}["application/problem+json"]>(true);`;
        }),
    );
    await writeFile(path.join(dir, "probe.ts"), `${PROBE_HEADER}\n${checks.join("\n")}\n${TYPED_FLOW}`);
    const program = ts.createProgram([path.join(dir, "probe.ts")], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(problems).toEqual([]);
    expect(checks.length).toBeGreaterThan(100);
  }, 60_000);
});

/** A success body must be a type (not `never`, as an undescribed body is, nor `unknown`); an error must be `Problem`. */
const PROBE_HEADER = `
import createClient from "openapi-fetch";
import type { components, paths } from "./api";
type Described<T> = [T] extends [never] ? false : unknown extends T ? false : true;
declare function typed<T>(ok: Described<T>): void;
declare function problem<T>(ok: [T] extends [components["schemas"]["Problem"]] ? ([components["schemas"]["Problem"]] extends [T] ? true : false) : false): void;
`;

/** The flow of the integration test, type-checked against the generated client. */
const TYPED_FLOW = `
export async function flow(fetch: (request: Request) => Promise<Response>) {
  const client = createClient<paths>({ baseUrl: "http://localhost", fetch });
  const run = await client.POST("/api/v1/external/workflows/run", {
    params: { header: { "Idempotency-Key": "k1", Prefer: "wait=1" } },
    body: { workflowId: "kyb", context: { entity: { id: "e1", type: "business", data: {} } } },
  });
  if (!run.data) return run.error.code satisfies components["schemas"]["Problem"]["code"];
  const workflowRuntimeId: string = run.data.workflowRuntimeId;
  const event = await client.POST("/api/v1/external/workflows/{workflowRuntimeId}/send-event", {
    params: { path: { workflowRuntimeId }, header: { "If-Match": '"1"' } },
    body: { name: "start", payload: { note: "x" } },
  });
  if (event.data) {
    const state: string = event.data.state;
    const next: string[] = event.data.nextEvents;
    const version: number = event.data.version;
    const final: "approved" | "rejected" | "auto_approved" | "auto_rejected" | null = event.data.workflowFinalState;
    void [state, next, version, final];
  } else if (event.error.status === 412) {
    const errors: { path: string; message: string }[] = event.error.errors;
    void errors;
  }
  const runtime = await client.GET("/api/v1/external/workflows/{workflowRuntimeId}", { params: { path: { workflowRuntimeId } } });
  const list = await client.GET("/api/v1/external/workflows", { params: { query: { limit: 2, tag: ["a", "b"], status: "active" } } });
  const history = await client.GET("/api/v1/external/workflows/{workflowRuntimeId}/history", { params: { path: { workflowRuntimeId }, query: { limit: 10, cursor: "1" } } });
  const cursor: string | null | undefined = history.data?.nextCursor;
  const kind: string | undefined = history.data?.data[0]?.kind;
  const definitions = await client.GET("/api/v1/external/workflow-definitions", { params: { query: { limit: 1 } } });
  const versions = await client.GET("/api/v1/external/workflow-definitions/{definitionId}/versions", { params: { path: { definitionId: "kyb" }, query: { cursor: "x" } } });
  const filters = await client.GET("/api/v1/external/filters", { params: { query: { limit: 1 } } });
  const secrets = await client.GET("/api/v1/external/secrets", { params: { query: { limit: 1 } } });
  const health = await client.GET("/api/health");
  const document = await client.GET("/api/v1/openapi.json");
  const status: "ok" | "unavailable" | undefined = health.data?.status;
  const openapi: string | undefined = document.data?.openapi;
  return [runtime.data?.context, list.data?.data[0]?.id, cursor, kind, definitions.data?.data[0]?.definition, versions.data?.nextCursor,
    filters.data?.[0]?.query.where, secrets.data?.data[0]?.name, status, openapi];
}
`;
