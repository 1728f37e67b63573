import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { secrets } from "@/lib/db/schema";
import { loadSecretLookup } from "@/lib/secrets";
import { call } from "@/tests/support/http";
import { seedProject } from "@/tests/support/seed";
import { GET as list } from "./route";
import { DELETE as remove, GET as getOne, PUT as put } from "./[name]/route";

let t: TestDatabase;
let key: string;

beforeAll(async () => {
  t = await openTestDatabase();
  key = await seedProject(t.db, "p-sec");
});
afterAll(async () => {
  await t?.dispose();
});

const putSecret = (name: string, body: unknown) => call(put, "PUT", `/api/v1/external/secrets/${name}`, { key, params: { name }, body });

describe(`secrets API (${process.env.TEST_DB_KIND})`, () => {
  it("stores a secret encrypted and answers name and dates only", async () => {
    const res = await putSecret("REGISTRY_API_KEY", { value: "s3cr3t-value" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ name: "REGISTRY_API_KEY", createdAt: expect.any(String), updatedAt: expect.any(String) });
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
    const res = await call(list, "GET", "/api/v1/external/secrets", { key });
    expect(res.status).toBe(200);
    expect(res.json.data.map((s: { name: string }) => s.name)).toEqual(["REGISTRY_API_KEY", "WEBHOOK_TOKEN"]);
    const text = JSON.stringify(res.json);
    for (const leaked of ["s3cr3t-value", "two", "ciphertext", "value"]) expect(text).not.toContain(leaked);
  });

  it("deletes: 204, then 404", async () => {
    const gone = await call(remove, "DELETE", "/api/v1/external/secrets/WEBHOOK_TOKEN", { key, params: { name: "WEBHOOK_TOKEN" } });
    expect(gone.status).toBe(204);
    const again = await call(remove, "DELETE", "/api/v1/external/secrets/WEBHOOK_TOKEN", { key, params: { name: "WEBHOOK_TOKEN" } });
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
    const res = await call(getOne, "GET", "/api/v1/external/secrets/X", { key });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("PUT, DELETE, OPTIONS");
  });
});
