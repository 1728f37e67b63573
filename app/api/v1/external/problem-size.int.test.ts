import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { testProject } from "@/tests/support/test-project";
import { workflowRuntimes } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { POST as run } from "./workflows/run/route";

/* A body of 60,000 unknown keys (0.9 MB) used to answer a 4.8 MB problem document; it is now bounded. */

const t = testProject("p-problem", { definitions: [{}] });

describe(`problem documents are bounded (${process.env.TEST_DB_KIND})`, () => {
  it("60,000 unknown keys: 422 listing the first 100 with errorCount 60000, in a small document, nothing stored", async () => {
    const body: Record<string, unknown> = { workflowId: "kyb_manual_review_example", context: { entity: { id: "e-1", type: "business", data: {} } } };
    for (let i = 0; i < 60_000; i++) body[`k${String(i).padStart(5, "0")}`] = i;
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThan(850_000);
    expect(text.length).toBeLessThan(1_000_000);
    const res = await call(run, "POST", "/api/v1/external/workflows/run", { key: t.apiKey, body: text });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.json).toMatchObject({ code: "validation_failed", errorCount: 60_000 });
    expect(res.json.errors).toHaveLength(100);
    expect(res.json.errors[0]).toEqual({ path: "/k00000", message: expect.stringContaining("unknown field 'k00000'") });
    expect(JSON.stringify(res.json).length).toBeLessThan(20_000);
    const [{ n }] = await t.db.select({ n: count() }).from(workflowRuntimes);
    expect(n).toBe(0);
  });
});
