import { describe, expect, it } from "vitest";
import { API_CSP, apiAnswerHeaders, EVAL_PAGES, isHttps, pagePolicy, securityHeaderRules } from "./security-headers.mjs";

/** A policy as directive name → its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
}

describe("pagePolicy", () => {
  it("allows only this request's nonce for scripts and styles, and refuses framing, plugins, base and form hijacks", () => {
    const d = directives(pagePolicy("n0nce"));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-n0nce'", "'strict-dynamic'"]);
    expect(d["style-src"]).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["base-uri"]).toEqual(["'self'"]);
    expect(d["form-action"]).toEqual(["'self'"]);
    expect(d["worker-src"]).toEqual(["'self'"]);
    expect(d["default-src"]).toEqual(["'self'"]);
    expect(Object.values(d).flat()).not.toContain("'unsafe-eval'");
    expect(d["script-src"]).not.toContain("'unsafe-inline'");
  });

  it("asks for HTTPS subresources only when served over HTTPS", () => {
    expect(directives(pagePolicy("n"))["upgrade-insecure-requests"]).toBeUndefined();
    expect(directives(pagePolicy("n", { https: true }))["upgrade-insecure-requests"]).toEqual([]);
  });

  it("lets only the Add Case form's page compile code (its Ajv validator), without inline scripts", () => {
    expect(EVAL_PAGES.test("/queues/q1/new")).toBe(true);
    expect(["/queues/q1", "/queues/q1/new/x", "/cases/c1", "/workflows/new"].some((p) => EVAL_PAGES.test(p))).toBe(false);
    const d = directives(pagePolicy("n", { allowEval: true }));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", "'unsafe-eval'"]);
    expect(d["style-src"]).toEqual(["'self'", "'nonce-n'"]);
  });

  it("adds what next dev needs only in development", () => {
    const d = directives(pagePolicy("n", { development: true }));
    expect(d["script-src"]).toContain("'unsafe-eval'");
    expect(d["style-src"]).toContain("'unsafe-inline'");
  });
});

describe("isHttps", () => {
  it("trusts a TLS socket or an X-Forwarded-Proto naming https", () => {
    expect(isHttps(undefined, true)).toBe(true);
    expect(isHttps("https")).toBe(true);
    expect(isHttps("https, http")).toBe(true);
    expect(isHttps(["http", "https"])).toBe(true);
    expect(isHttps("http")).toBe(false);
    expect(isHttps(null)).toBe(false);
  });
});

describe("the static headers", () => {
  it("give /api answers the strict policy and HSTS only over HTTPS", () => {
    expect(apiAnswerHeaders(false)).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Content-Security-Policy": API_CSP,
    });
    expect(apiAnswerHeaders(true)["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(directives(API_CSP)).toEqual({ "default-src": ["'none'"], "frame-ancestors": ["'none'"], sandbox: [] });
  });

  it("are next.config's rules: common headers everywhere, the API policy on /api, HSTS behind X-Forwarded-Proto https", () => {
    const rules = securityHeaderRules();
    const everywhere = rules.find((r) => r.source === "/:path*" && !r.has);
    expect(everywhere?.headers.map((h) => h.key)).toEqual(["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]);
    expect(rules.find((r) => r.source === "/api/:path*")?.headers).toEqual([{ key: "Content-Security-Policy", value: API_CSP }]);
    const hsts = rules.find((r) => r.has);
    expect(hsts?.headers[0].key).toBe("Strict-Transport-Security");
    // Next.js matches a `has` value as ^value$ against the header.
    const pattern = new RegExp(`^${hsts?.has?.[0].value}$`);
    expect(["https", "https, http", "http, https"].every((v) => pattern.test(v))).toBe(true);
    expect(pattern.test("http")).toBe(false);
  });
});
