import { expect, test, type Page } from "@playwright/test";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { E2E_ADMIN } from "./fixtures";
import { createQueue, startCase } from "./support/api";
import { signIn, snap } from "./support/session";

/*
 * Security headers (proxy.ts for pages, next.config.mjs's headers() and the Node edge guard for the rest): every
 * page has a Content-Security-Policy with a fresh nonce that Next.js's scripts carry, and the main pages run
 * under it without a single violation; API answers have the strict policy; a page on another origin cannot frame
 * the backoffice.
 */
const WORKFLOW = "kyb_manual_review_example";
const suffix = Date.now().toString(36);

const API_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";


/** A server on another origin (127.0.0.1, a free port) answering every request with `answer()`. */
async function serve(answer: () => { type: string; body: string | Buffer }): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    const { type, body } = answer();
    res.writeHead(200, { "Content-Type": type }).end(body);
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every CSP violation the page reports, from the console and from `securitypolicyviolation` events. */
function watchViolations(page: Page): () => Promise<string[]> {
  const logged: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) logged.push(`${page.url()}: ${m.text()}`);
  });
  // An eval refused inside a library's try/catch logs nothing by itself: the event is forwarded to the console.
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => logged;
}

/** Open `path`, wait for it to settle, and return its document's headers and HTML as served. */
async function open(page: Page, path: string): Promise<{ headers: Record<string, string>; html: string }> {
  const res = await page.goto(path);
  expect(res, path).not.toBeNull();
  const html = await res!.text();
  await page.waitForLoadState("networkidle");
  return { headers: res!.headers(), html };
}

/**
 * The nonce of a page's policy; every script the server rendered carries it (what those scripts add later is
 * allowed by 'strict-dynamic' and has none).
 */
function expectNoncedScripts({ headers, html }: { headers: Record<string, string>; html: string }): string {
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce, "the page's policy has a nonce").toBeTruthy();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce!;
}

test("a page's policy: a fresh nonce per request on Next.js's scripts, framing refused, and the static headers", async ({ page }) => {
  const violations = watchViolations(page);
  const first = await open(page, "/login");
  const policy = first.headers["content-security-policy"];
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "worker-src 'self'"]) expect(policy).toContain(directive);
  expect(policy).not.toContain("unsafe-eval");
  expect(first.headers["x-content-type-options"]).toBe("nosniff");
  expect(first.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(first.headers["x-frame-options"]).toBe("DENY");
  // Served over plain HTTP here: no HSTS, no upgrade of subresources.
  expect(first.headers["strict-transport-security"]).toBeUndefined();
  expect(policy).not.toContain("upgrade-insecure-requests");
  const nonce = expectNoncedScripts(first);
  await expect(page.getByLabel("E-mail")).toBeVisible();

  const second = await open(page, "/login");
  expect(expectNoncedScripts(second)).not.toBe(nonce);
  expect(await violations()).toEqual([]);
});

test("API answers: the strict policy, nosniff and HSTS only behind HTTPS, from a route and from the edge guard", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(health.headers()["content-security-policy"]).toBe(API_POLICY);
  expect(health.headers()["x-content-type-options"]).toBe("nosniff");
  expect(health.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(health.headers()["strict-transport-security"]).toBeUndefined();

  const behindTls = await request.get("/api/health", { headers: { "X-Forwarded-Proto": "https" } });
  expect(behindTls.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  const page = await request.get("/login", { headers: { "X-Forwarded-Proto": "https" } });
  expect(page.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(page.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");

  // Answered before Next.js (unknown path, unserved method): the same headers on the problem+json.
  for (const answer of [await request.get("/api/v1/no-such-endpoint"), await request.delete("/api/health")]) {
    expect(answer.headers()["content-type"]).toBe("application/problem+json");
    expect(answer.headers()["content-security-policy"]).toBe(API_POLICY);
    expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
  }
});

test("the main pages run under the policy without a violation", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  // A document page (the sandbox's sample image), drawn by the viewer (pdf.js's worker and a canvas) under the policy.
  const samplePage = `${test.info().project.use.baseURL}/api/sandbox/sample-pages/director-id.png`;
  const documents = [
    { category: "proof_of_address", type: "utility_bill", issuer: { country: "GB" }, pages: [{ provider: "http", uri: samplePage, type: "png", metadata: { pageNumber: "1" } }], properties: {}, version: "1", issuingVersion: 1 },
  ];
  const runtimeId = await startCase(request, WORKFLOW, { entityId: `csp-${suffix}`, companyName: `Policy Check ${suffix} Ltd`, registrationNumber: "20000002", documents });
  const filterId = await createQueue(request, `CSP ${suffix}`, WORKFLOW);

  const violations = watchViolations(page);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const pages = [
    `/queues/${filterId}`,
    `/queues/${filterId}/new`,
    `/cases/${runtimeId}`,
    "/workflows",
    `/workflows/${WORKFLOW}`,
    `/workflows/${WORKFLOW}/edit`,
    "/settings/api-keys",
    "/settings/users",
    "/settings/secrets",
    "/settings/webhooks",
    "/api-reference",
  ];
  for (const path of pages) {
    expectNoncedScripts(await open(page, path));
    if (path.startsWith("/cases/")) {
      await expect(page.getByTestId("review-reason")).toBeVisible();
      // The document page loaded through the backoffice page route and was drawn.
      await expect(page.getByTestId("document-viewer").first().locator("canvas[data-kind=image]")).toBeVisible();
      await snap(page, testInfo, "case-under-csp.png");
    }
    if (path.endsWith("/new")) {
      // The RJSF form validates in the browser with Ajv, which compiles the schema (this page allows it).
      await page.getByRole("button", { name: "Add case and start" }).click();
      await expect(page.getByTestId("form-errors")).toContainText("Company name is required");
    }
  }
  // Reached by its link from the queue too (a new document, with the page's own policy).
  await page.goto(`/queues/${filterId}`);
  await page.getByRole("link", { name: "Add Case Manually" }).click();
  await page.getByRole("button", { name: "Add case and start" }).click();
  await expect(page.getByTestId("form-errors")).toContainText("Company name is required");
  // Client-side navigation (Next.js's router loads further chunks) stays within the policy too.
  await page.goto("/workflows");
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await page.waitForLoadState("networkidle");
  expect(await violations()).toEqual([]);
});

test("a page on another origin cannot frame the backoffice", async ({ page }, testInfo) => {
  const target = new URL("/login", testInfo.project.use.baseURL!).href;
  const attacker = await serve(() => ({
    type: "text/html",
    body: `<!doctype html><title>Win a prize</title><h1>Click the button</h1><iframe id="victim" src="${target}" width="600" height="400"></iframe>`,
  }));
  try {
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/frame-ancestors|Refused to frame/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${attacker.url}/`);
    await page.locator("#victim").waitFor();
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const victim = page.frameLocator("#victim");
    await expect(victim.getByLabel("E-mail")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("frame-refused.png") });
  } finally {
    await attacker.close();
  }
});
