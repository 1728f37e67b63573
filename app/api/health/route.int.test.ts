import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { GET } from "./route";

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

describe(`GET /api/health (${process.env.TEST_DB_KIND})`, () => {
  it("reports ok and which database it uses", async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: process.env.TEST_DB_KIND, version: expect.any(String) });
  });

  it("answers 503 when the database is unreachable", async () => {
    await t.close();
    const res = await GET();
    expect(res.status).toBe(503);
    expect((await res.json()).status).toBe("unavailable");
  });
});
