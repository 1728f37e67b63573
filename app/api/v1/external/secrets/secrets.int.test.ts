import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { testProject } from "@/tests/support/test-project";
import { secrets } from "@/lib/db/schema";
import { loadSecretLookup } from "@/lib/secrets";
import { call } from "@/tests/support/http";
import { GET as list } from "./route";
import { DELETE as remove, GET as getOne, PATCH as patch, PUT as put } from "./[name]/route";

const t = testProject("p-sec");

const putSecret = (name: string, body: unknown) => call(put, "PUT", `/api/v1/external/secrets/${name}`, { key: t.apiKey, params: { name }, body });
const bind = (name: string, body: unknown) => call(patch, "PATCH", `/api/v1/external/secrets/${name}`, { key: t.apiKey, params: { name }, body });

describe(`secrets API (${process.env.TEST_DB_KIND})`, () => {
  it("stores a secret encrypted and answers name and dates only", async () => {
    const res = await putSecret("REGISTRY_API_KEY", { value: "s3cr3t-value" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ name: "REGISTRY_API_KEY", allowedHosts: null, createdAt: expect.any(String), updatedAt: expect.any(String) });
    const [row] = await t.db.select().from(secrets).where(eq(secrets.name, "REGISTRY_API_KEY"));
    expect(row.ciphertext).not.toContain("s3cr3t-value");
    expect((await loadSecretLookup(t.db, "p-sec"))("REGISTRY_API_KEY")).toBe("s3cr3t-value");
  });

  it("replaces a value, keeping createdAt", async () => {
    const first = await putSecret("WEBHOOK_TOKEN", { value: "one" });
    const second = await putSecret("WEBHOOK_TOKEN", { value: "two" });
    expect(second.json.createdAt).toBe(first.json.createdAt);
    expect(Date.parse(second.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.json.updatedAt));
    const lookup = await loadSecretLookup(t.db, "p-sec");
    expect([lookup("WEBHOOK_TOKEN"), lookup("MISSING")]).toEqual(["two", undefined]);
  });

  it("lists names and dates, never values", async () => {
    const res = await call(list, "GET", "/api/v1/external/secrets", { key: t.apiKey });
    expect(res.status).toBe(200);
    expect(res.json.data.map((s: { name: string }) => s.name)).toEqual(["REGISTRY_API_KEY", "WEBHOOK_TOKEN"]);
    const text = JSON.stringify(res.json);
    for (const leaked of ["s3cr3t-value", "two", "ciphertext", "value"]) expect(text).not.toContain(leaked);
  });

  it("deletes: 204, then 404", async () => {
    const gone = await call(remove, "DELETE", "/api/v1/external/secrets/WEBHOOK_TOKEN", { key: t.apiKey, params: { name: "WEBHOOK_TOKEN" } });
    expect(gone.status).toBe(204);
    const again = await call(remove, "DELETE", "/api/v1/external/secrets/WEBHOOK_TOKEN", { key: t.apiKey, params: { name: "WEBHOOK_TOKEN" } });
    expect([again.status, again.json.code]).toEqual([404, "not_found"]);
  });

  it("422 for bad names, empty or oversized values and unknown fields; nothing stored", async () => {
    const before = await t.db.select().from(secrets);
    for (const [name, body, path] of [
      ["lower_case", { value: "x" }, "/name"],
      ["A".repeat(65), { value: "x" }, "/name"],
      ["OK_NAME", { value: "" }, "/value"],
      ["OK_NAME", { value: "é".repeat(4097) }, "/value"],
      ["OK_NAME", { value: 12 }, "/value"],
      ["OK_NAME", { value: "x", projectId: "other" }, "/projectId"],
    ] as const) {
      const res = await putSecret(name, body);
      expect(res.status, `${name} ${JSON.stringify(body).slice(0, 40)}`).toBe(422);
      expect(res.json.errors[0].path).toBe(path);
    }
    expect(await t.db.select().from(secrets)).toEqual(before);
  });

  it("405 problem+json for unsupported methods", async () => {
    const res = await call(getOne, "GET", "/api/v1/external/secrets/X", { key: t.apiKey });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("PUT, PATCH, DELETE, OPTIONS");
  });

  it("binds a secret to hosts: with PUT or PATCH (canonical, de-duplicated), kept when the value is replaced, unbound with null", async () => {
    const bound = await putSecret("PARTNER_TOKEN", { value: "p1", allowedHosts: ["API.Partner.example", "*.partner.example:8443", "api.partner.example"] });
    expect([bound.status, bound.json.allowedHosts]).toEqual([200, ["api.partner.example", "*.partner.example:8443"]]);
    expect((await putSecret("PARTNER_TOKEN", { value: "p2" })).json.allowedHosts).toEqual(["api.partner.example", "*.partner.example:8443"]);
    const moved = await bind("PARTNER_TOKEN", { allowedHosts: ["127.0.0.1:4010"] });
    expect([moved.status, moved.json.allowedHosts]).toEqual([200, ["127.0.0.1:4010"]]);
    expect((await loadSecretLookup(t.db, "p-sec"))("PARTNER_TOKEN")).toBe("p2");
    const listed = await call(list, "GET", "/api/v1/external/secrets", { key: t.apiKey });
    expect(listed.json.data.find((s: { name: string }) => s.name === "PARTNER_TOKEN").allowedHosts).toEqual(["127.0.0.1:4010"]);
    expect((await bind("PARTNER_TOKEN", { allowedHosts: null })).json.allowedHosts).toBeNull();
    expect((await putSecret("PARTNER_TOKEN", { value: "p3", allowedHosts: null })).json.allowedHosts).toBeNull();
  });

  it("422 with a pointer per bad host, 404 binding an unknown secret; nothing stored", async () => {
    await putSecret("BOUND", { value: "v", allowedHosts: ["api.vendor.example"] });
    const before = await t.db.select().from(secrets);
    const bad = await bind("BOUND", { allowedHosts: ["ok.example", "https://api.vendor.example/path", "*.com", "api.vendor.example:99999"] });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path)).toEqual(["/allowedHosts/1", "/allowedHosts/2", "/allowedHosts/3"]);
    expect(bad.json.errors[0].message).toContain("without a scheme, path or user");
    for (const body of [{ allowedHosts: [] }, { allowedHosts: "api.vendor.example" }, {}]) {
      const res = await bind("BOUND", body);
      expect([res.status, res.json.errors[0].path], JSON.stringify(body)).toEqual([422, "/allowedHosts"]);
    }
    const viaPut = await putSecret("BOUND", { value: "w", allowedHosts: ["*.example"] });
    expect([viaPut.status, viaPut.json.errors[0].path]).toEqual([422, "/allowedHosts/0"]);
    expect(await t.db.select().from(secrets)).toEqual(before);
    const missing = await bind("NOT_THERE", { allowedHosts: ["api.vendor.example"] });
    expect([missing.status, missing.json.code]).toEqual([404, "not_found"]);
  });
});
