import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { resetEnvCache } from "@/lib/config/env";
import { startRun } from "@/lib/runtime/start-run";
import { startHttpServer, type TestHttpServer } from "@/tests/support/local-servers";
import { allowOutbound, resetOutbound } from "@/tests/support/outbound";
import { seedDefinition, seedProject } from "@/tests/support/seed";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { GET } from "./[runtimeId]/documents/[documentId]/pages/[page]/route";

// Only the next-auth session lookup is replaced; the route, the outgoing-request guard, the servers and the database are real.
vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));

const SAMPLES = path.join(process.cwd(), "lib", "sandbox", "sample-pages");
const PNG = readFileSync(path.join(SAMPLES, "director-id.png"));
const PDF = readFileSync(path.join(SAMPLES, "certificate-of-incorporation.pdf"));
const BODIES: Record<string, [string, Buffer | string]> = {
  "/id.png": ["image/png", PNG],
  "/extract.pdf": ["application/pdf", PDF],
  "/lying.jpg": ["image/jpeg", "<!doctype html><script>alert(document.cookie)</script>"],
  "/logo.svg": ["image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
  "/big.pdf": ["application/pdf", Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(24 * 1024)])],
};

let t: TestDatabase;
let allowed: TestHttpServer;
let refused: TestHttpServer;
let runtimeId: string;
let otherRuntimeId: string;
const reviewer: SessionUser = { id: "00000000-0000-4000-8000-0000000000aa", email: "rita@pages.test", name: "Rita", role: "reviewer", projectId: "pages" };

const page = (uri: string) => ({ provider: "http", uri, type: "png" });
async function fetchPage(runtime: string, documentId: string, index: string, query = "") {
  const url = `http://localhost/api/backoffice/cases/${runtime}/documents/${encodeURIComponent(documentId)}/pages/${index}${query}`;
  const res = await GET(new Request(url), { params: Promise.resolve({ runtimeId: runtime, documentId, page: index }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const problem = res.headers.get("content-type") === "application/problem+json" ? JSON.parse(bytes.toString("utf8")) : null;
  return { status: res.status, headers: res.headers, bytes, problem };
}

beforeAll(async () => {
  t = await openTestDatabase();
  allowed = await startHttpServer((req, res) => {
    const body = BODIES[req.url];
    if (!body) return void res.writeHead(404, { "content-type": "text/plain" }).end("no such file");
    res.writeHead(200, { "content-type": body[0] }).end(body[1]);
  });
  refused = await startHttpServer((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(PNG));
  allowOutbound(`127.0.0.1:${allowed.port}`);
  process.env.DOCUMENT_PAGE_MAX_BYTES = "20000";
  resetEnvCache();
  for (const p of ["pages", "elsewhere"]) {
    await seedProject(t.db, p);
    await seedDefinition(t.db, p);
  }
  const documents = [
    {
      id: "id-card",
      category: "identification",
      type: "id_card",
      pages: ["/id.png", "/extract.pdf", "/missing.png", "/lying.jpg", "/logo.svg", "/big.pdf"].map((p) => page(`${allowed.origin}${p}`)).concat(page(`${refused.origin}/id.png`)),
    },
  ];
  const run = (projectId: string) => startRun(t.db, { projectId, workflowId: "kyb_manual_review_example", context: { entity: { id: `e-${projectId}`, type: "business", data: { companyName: "Acme" } }, documents }, actor: { type: "api_key" } });
  runtimeId = (await run("pages")).workflowRuntimeId;
  otherRuntimeId = (await run("elsewhere")).workflowRuntimeId;
  vi.mocked(currentUser).mockResolvedValue(reviewer);
});
afterAll(async () => {
  delete process.env.DOCUMENT_PAGE_MAX_BYTES;
  resetOutbound();
  await allowed?.close();
  await refused?.close();
  await t?.dispose();
});

describe(`GET /api/backoffice/cases/{id}/documents/{documentId}/pages/{page} (${process.env.TEST_DB_KIND})`, () => {
  it("needs a session", async () => {
    vi.mocked(currentUser).mockResolvedValueOnce(null);
    const res = await fetchPage(runtimeId, "id-card", "0");
    expect(res.status).toBe(401);
    expect(res.problem.code).toBe("unauthenticated");
    expect(allowed.requests).toHaveLength(0);
  });

  it("serves an image and a PDF from an allowed address with their sniffed type, inert", async () => {
    const image = await fetchPage(runtimeId, "id-card", "0");
    expect(image.status).toBe(200);
    expect(image.bytes.equals(PNG)).toBe(true);
    expect(Object.fromEntries(["content-type", "x-content-type-options", "content-security-policy", "content-disposition", "cache-control"].map((h) => [h, image.headers.get(h)]))).toEqual({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "content-disposition": 'inline; filename="page-1.png"',
      "cache-control": "no-store",
    });
    const pdf = await fetchPage(runtimeId, "id-card", "1");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.bytes.equals(PDF)).toBe(true);
  });

  it("answers 404 for another project's case, an unknown document or page, fetching nothing", async () => {
    const before = allowed.requests.length;
    expect((await fetchPage(otherRuntimeId, "id-card", "0")).problem).toMatchObject({ status: 404, code: "not_found" });
    expect((await fetchPage(runtimeId, "nope", "0")).problem).toMatchObject({ status: 404, code: "not_found" });
    expect((await fetchPage(runtimeId, "id-card", "99")).problem).toMatchObject({ status: 404, code: "not_found" });
    expect((await fetchPage(runtimeId, "id-card", "0", "?version=7")).problem).toMatchObject({ status: 404, code: "not_found" });
    expect((await fetchPage(runtimeId, "id-card", "x")).status).toBe(422);
    expect(allowed.requests.length).toBe(before);
  });

  it("refuses a private address that is not allow-listed, before connecting", async () => {
    const res = await fetchPage(runtimeId, "id-card", "6");
    expect(res.problem).toMatchObject({ status: 422, code: "destination_not_allowed" });
    expect(res.problem.detail).toContain(`127.0.0.1:${refused.port}`);
    expect(refused.requests).toHaveLength(0);
  });

  it("says why a page cannot be shown: 404 upstream, HTML or SVG whatever its declared type, too large", async () => {
    const missing = await fetchPage(runtimeId, "id-card", "2");
    expect(missing.problem).toMatchObject({ status: 502, code: "document_page_unavailable" });
    expect(missing.problem.detail).toContain("HTTP 404");
    for (const index of ["3", "4"]) {
      const res = await fetchPage(runtimeId, "id-card", index);
      expect(res.problem).toMatchObject({ status: 502, code: "document_page_unsupported" });
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.bytes.toString("utf8")).not.toContain("<script>");
    }
    const big = await fetchPage(runtimeId, "id-card", "5");
    expect(big.problem).toMatchObject({ status: 502, code: "response_too_large" });
    expect(big.problem.detail).toContain("DOCUMENT_PAGE_MAX_BYTES");
  });
});
