import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { filters } from "@/lib/db/schema";
import { encodeKeyCursor } from "@/lib/db/key-cursor";
import { call } from "@/tests/support/http";
import { seedDefinition, seedProject } from "@/tests/support/seed";
import { GET as listFilters } from "./filters/route";
import { GET as listSecrets } from "./secrets/route";
import { GET as listVersions } from "./workflow-definitions/[definitionId]/versions/route";

/*
 * The list routes answer a page at a time. By default a page holds the whole list of an ordinary project, as
 * before pagination (secrets and versions: 1000, filters: 100); `limit` and `cursor` walk longer lists.
 */

const P = "p-lists";
let t: TestDatabase;
let key: string;

beforeAll(async () => {
  t = await openTestDatabase();
  const secrets = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`SECRET_${i}`, `v${i}`]));
  key = await seedProject(t.db, P, secrets);
  for (let v = 1; v <= 5; v++) await seedDefinition(t.db, P, { id: "versioned", version: v });
  // Five filters, two of them created in the same instant: the id breaks the tie.
  await t.db.insert(filters).values(
    ["F0", "F1", "F2", "F3", "F4"].map((name, i) => ({
      projectId: P,
      name,
      entity: "businesses" as const,
      query: {},
      createdAt: sql`timestamp '2024-05-01 10:00:00' + ${Math.min(i, 3)} * interval '1 second'` as unknown as Date,
    })),
  );
});

afterAll(async () => {
  await t?.dispose();
});

type Handler = Parameters<typeof call>[0];

/** Follow `nextCursor` (or the `Link` header) from the first page to the last; the items of every page. */
async function walk(handler: Handler, path: string, limit: number, params: Record<string, string> = {}) {
  const pages: unknown[][] = [];
  let url = `${path}?limit=${limit}`;
  for (let i = 0; i < 20; i++) {
    const res = await call(handler, "GET", url, { key, params });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const items = Array.isArray(res.json) ? res.json : res.json.data;
    expect(items.length).toBeLessThanOrEqual(limit);
    pages.push(items);
    const link = res.headers.get("link");
    const next = Array.isArray(res.json) ? link && /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : res.json.nextCursor && `${path}?limit=${limit}&cursor=${res.json.nextCursor}`;
    if (!next) return pages;
    url = next;
  }
  throw new Error("no last page");
}

describe(`list routes answer a page at a time (${process.env.TEST_DB_KIND})`, () => {
  it("GET /secrets: all by name by default; limit and cursor walk them", async () => {
    const all = await call(listSecrets, "GET", "/api/v1/external/secrets", { key });
    expect(all.json.data.map((s: { name: string }) => s.name)).toEqual(["SECRET_0", "SECRET_1", "SECRET_2", "SECRET_3", "SECRET_4", "SECRET_5", "SECRET_6"]);
    expect(all.json.nextCursor).toBeNull();
    const pages = await walk(listSecrets, "/api/v1/external/secrets", 3);
    expect(pages.map((p) => p.map((s) => (s as { name: string }).name))).toEqual([["SECRET_0", "SECRET_1", "SECRET_2"], ["SECRET_3", "SECRET_4", "SECRET_5"], ["SECRET_6"]]);
  });

  it("GET /workflow-definitions/{id}/versions: all newest first by default; limit and cursor walk them; 404 for unknown ids", async () => {
    const params = { definitionId: "versioned" };
    const all = await call(listVersions, "GET", "/x", { key, params });
    expect([all.json.data.map((v: { version: number }) => v.version), all.json.nextCursor]).toEqual([[5, 4, 3, 2, 1], null]);
    const pages = await walk(listVersions, "/x", 2, params);
    expect(pages.map((p) => p.map((v) => (v as { version: number }).version))).toEqual([[5, 4], [3, 2], [1]]);
    expect((await call(listVersions, "GET", "/x", { key, params: { definitionId: "nope" } })).status).toBe(404);
  });

  it("GET /filters: a plain array, oldest first; a further page is a Link rel=next header", async () => {
    const all = await call(listFilters, "GET", "/api/v1/external/filters", { key });
    const tied = all.json.filter((f: { name: string }) => f.name === "F3" || f.name === "F4").map((f: { id: string }) => f.id);
    expect(all.json.map((f: { name: string }) => f.name).slice(0, 3)).toEqual(["F0", "F1", "F2"]);
    expect(all.json.slice(3).map((f: { id: string }) => f.id)).toEqual([...tied].sort());
    expect(all.headers.get("link")).toBeNull();
    const pages = await walk(listFilters, "/api/v1/external/filters", 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((f) => (f as { name: string }).name)).toEqual(all.json.map((f: { name: string }) => f.name));
  });

  it("refuses tampered or foreign cursors and out-of-range limits with 422", async () => {
    const cases: [Handler, string, Record<string, string>][] = [
      [listSecrets, "/api/v1/external/secrets", {}],
      [listVersions, "/x", { definitionId: "versioned" }],
      [listFilters, "/api/v1/external/filters", {}],
    ];
    for (const [handler, path, params] of cases) {
      for (const cursor of ["garbage", encodeKeyCursor("definitions", "x"), encodeKeyCursor("versions", "0"), encodeKeyCursor("filters", "not-a-uuid")]) {
        if (cursor === encodeKeyCursor("versions", "0") && path !== "/x") continue;
        const res = await call(handler, "GET", `${path}?cursor=${cursor}`, { key, params });
        expect([res.status, res.json.code], `${path} ${cursor}`).toEqual([422, "invalid_cursor"]);
      }
      const big = await call(handler, "GET", `${path}?limit=5000`, { key, params });
      expect([big.status, big.json.errors?.[0]?.path]).toEqual([422, "/limit"]);
    }
  });
});
