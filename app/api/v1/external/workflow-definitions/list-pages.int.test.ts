import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { DEFINITIONS_PAGE_BYTES } from "@/lib/definitions";
import { encodeKeyCursor } from "@/lib/db/key-cursor";
import { call } from "@/tests/support/http";
import { seedDefinition, seedProject } from "@/tests/support/seed";
import { GET as list } from "./route";

/* GET /workflow-definitions answers a page at a time: by count (limit, default 100) and by size (about 5 MB). */

let t: TestDatabase;
let key: string;
let bigKey: string;
const IDS = ["a_def", "b_def", "c_def", "d_def", "e_def"];

beforeAll(async () => {
  t = await openTestDatabase();
  key = await seedProject(t.db, "p-pages");
  for (const id of IDS) await seedDefinition(t.db, "p-pages", { id });
  await seedDefinition(t.db, "p-pages", { id: "c_def", version: 2, edit: (d) => (d.name = "C, second version") });
  bigKey = await seedProject(t.db, "p-big");
  // Four definitions of about 2 MB each: more than one page's bytes.
  for (const id of ["big_1", "big_2", "big_3", "big_4"]) {
    await seedDefinition(t.db, "p-big", { id, edit: (d) => Object.assign(d.definition, { padding: `${id}:`.padEnd(2_000_000, "x") }) });
  }
});

afterAll(async () => {
  await t?.dispose();
});

const get = (query = "", k = key) => call(list, "GET", `/api/v1/external/workflow-definitions${query}`, { key: k });
const ids = (res: { json: { data: { id: string; version: number }[] } }) => res.json.data.map((d) => `${d.id}@${d.version}`);

describe(`GET /workflow-definitions pages (${process.env.TEST_DB_KIND})`, () => {
  it("answers every definition (latest versions, by id) in one page by default, with nextCursor null", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(["a_def@1", "b_def@1", "c_def@2", "d_def@1", "e_def@1"]);
    expect(res.json.nextCursor).toBeNull();
  });

  it("pages with limit and cursor until nextCursor is null, each definition once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.json.data.length).toBeLessThanOrEqual(2);
      seen.push(...ids(res));
      cursor = res.json.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(["a_def@1", "b_def@1", "c_def@2", "d_def@1", "e_def@1"]);
  });

  it("ends a page once its definitions reach the byte budget, and continues on the next", async () => {
    const first = await get("", bigKey);
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual(["big_1@1", "big_2@1"]);
    expect(JSON.stringify(first.json).length).toBeLessThan(DEFINITIONS_PAGE_BYTES + 100_000);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await get(`?cursor=${first.json.nextCursor}`, bigKey);
    expect(ids(second)).toEqual(["big_3@1", "big_4@1"]);
    expect(second.json.nextCursor).toBeNull();
  });

  it("refuses tampered cursors, cursors of other listings and out-of-range limits with 422", async () => {
    for (const cursor of ["not-a-cursor", encodeKeyCursor("secrets", "a_def"), Buffer.from('["definitions",1]').toString("base64url")]) {
      const res = await get(`?cursor=${cursor}`);
      expect([res.status, res.json.code, res.json.errors[0].path]).toEqual([422, "invalid_cursor", "/cursor"]);
    }
    for (const limit of ["0", "101", "x"]) {
      const res = await get(`?limit=${limit}`);
      expect([res.status, res.json.code, res.json.errors[0].path]).toEqual([422, "validation_failed", "/limit"]);
    }
    expect((await get("?page=2")).status).toBe(422);
  });
});
