import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { testProject } from "@/tests/support/test-project";
import { businesses, endUsers, workflowRuntimes } from "@/lib/db/schema";
import { ENTITY_LIMITS } from "@/lib/runtime/entities";
import { call } from "@/tests/support/http";
import { POST as run } from "./run/route";

/*
 * Run inputs are checked against what the entity columns can store: a value PostgreSQL would refuse (a btree
 * entry too large, an integer out of range, a date outside the years 1-9999) is a 422 naming each field, never
 * a 500, and nothing is stored.
 */

const t = testProject("proj-store", { definitions: [{}] });

/** Text that compresses badly (a compressed btree entry could otherwise still fit): pseudo-random CJK characters. */
function noise(length: number, seed = 7): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += String.fromCharCode(0x4e00 + (x % 20000));
  }
  return out;
}

async function stored() {
  const [b] = await t.db.select({ n: count() }).from(businesses);
  const [u] = await t.db.select({ n: count() }).from(endUsers);
  const [r] = await t.db.select({ n: count() }).from(workflowRuntimes);
  return { businesses: b.n, endUsers: u.n, runtimes: r.n };
}

const runWith = (id: string, type: "business" | "individual", data: Record<string, unknown>) =>
  call(run, "POST", "/api/v1/external/workflows/run", { key: t.apiKey, body: { workflowId: "kyb_manual_review_example", context: { entity: { id, type, data }, documents: [] } } });

describe(`entity data the database cannot store (${process.env.TEST_DB_KIND})`, () => {
  it("refuses a 900 KB companyName (over the btree entry size) with 422 and a pointer, storing nothing", async () => {
    const before = await stored();
    const res = await runWith("big-name", "business", { companyName: noise(300_000) });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: "validation_failed", errors: [{ path: "/context/entity/data/companyName", message: expect.stringContaining(`at most ${ENTITY_LIMITS.COMPANY_NAME_MAX} characters`) }] });
    expect(await stored()).toEqual(before);
  });

  it("refuses integers outside PostgreSQL's integer range, as numbers and as digit strings", async () => {
    const before = await stored();
    for (const value of [1e21, 2_147_483_648, -2_147_483_649, "99999999999999999999"]) {
      const res = await runWith("big-int", "business", { companyName: "Acme", numberOfEmployees: value });
      expect(res.status, String(value)).toBe(422);
      expect(res.json.errors).toEqual([{ path: "/context/entity/data/numberOfEmployees", message: expect.stringContaining("whole number from -2147483648 to 2147483647") }]);
    }
    expect(await stored()).toEqual(before);
  });

  it("refuses dates outside the years 1 to 9999", async () => {
    const before = await stored();
    for (const value of ["+012345-01-01", "-000100-01-01", 99999999999999, "0000-06-01"]) {
      const res = await runWith("far-date", "business", { companyName: "Acme", dateOfIncorporation: value });
      expect(res.status, String(value)).toBe(422);
      expect(res.json.errors).toEqual([{ path: "/context/entity/data/dateOfIncorporation", message: expect.stringMatching(/0001-01-01 to 9999-12-31|ISO 8601/) }]);
    }
    expect(await stored()).toEqual(before);
  });

  it("lists every field that cannot be stored, for individuals too", async () => {
    const before = await stored();
    const long = "x".repeat(ENTITY_LIMITS.TEXT_MAX + 1);
    const res = await runWith("many", "individual", { firstName: long, lastName: long, email: long, phone: long, "we/ird~": long });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["/context/entity/data/firstName", "/context/entity/data/lastName", "/context/entity/data/email", "/context/entity/data/phone"]);
    expect(res.json.detail).toContain("4 fields");
    expect(await stored()).toEqual(before);
  });

  it("bounds the trigram-indexed representative e-mail (a string or any other value's JSON text)", async () => {
    const before = await stored();
    const path = "/context/entity/data/additionalInfo/mainRepresentative/email";
    for (const email of [noise(300_000), { nested: "x".repeat(5_000) }]) {
      const res = await runWith("rep-email", "business", { companyName: "Acme", additionalInfo: { mainRepresentative: { email } } });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([{ path, message: expect.stringContaining(`at most ${ENTITY_LIMITS.TEXT_MAX} characters`) }]);
    }
    expect(await stored()).toEqual(before);
    const ok = await runWith("rep-email-ok", "individual", { firstName: "Ada", additionalInfo: { mainRepresentative: { email: "ada@acme.example" } } });
    expect(ok.status).toBe(201);
  });

  it("stores the largest values the limits allow", async () => {
    const res = await runWith("at-limits", "business", {
      companyName: noise(ENTITY_LIMITS.COMPANY_NAME_MAX),
      registrationNumber: noise(ENTITY_LIMITS.TEXT_MAX, 3),
      businessPurpose: noise(ENTITY_LIMITS.BUSINESS_PURPOSE_MAX, 5),
      numberOfEmployees: ENTITY_LIMITS.INT_MAX,
      dateOfIncorporation: "9999-12-31",
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.correlationId, "at-limits"));
    expect(row.companyName).toHaveLength(ENTITY_LIMITS.COMPANY_NAME_MAX);
    expect(row.numberOfEmployees).toBe(ENTITY_LIMITS.INT_MAX);
    expect(row.dateOfIncorporation?.toISOString()).toBe("9999-12-31T00:00:00.000Z");
    const low = await runWith("at-low-limits", "business", { companyName: "Acme", numberOfEmployees: ENTITY_LIMITS.INT_MIN, dateOfIncorporation: "0001-01-01" });
    expect(low.status).toBe(201);
  });
});
