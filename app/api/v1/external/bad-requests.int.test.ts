import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { businesses, endUsers, filters, secrets, workflowDefinitions, workflowRuntimes } from "@/lib/db/schema";
import { call } from "@/tests/support/http";
import { EXAMPLE, seedProject } from "@/tests/support/seed";
import { POST as postFilter } from "./filters/route";
import { POST as postDefinition } from "./workflow-definitions/route";
import { PUT as putSecret } from "./secrets/[name]/route";
import { POST as run } from "./workflows/run/route";
import { POST as sendEvent } from "./workflows/[workflowRuntimeId]/send-event/route";

/*
 * 500 generated bad requests against the JSON-body endpoints: each must get a 4xx problem+json (never a
 * 5xx) and leave the stored data unchanged.
 */

let t: TestDatabase;
let key: string;
const { version: _v, ...definition } = JSON.parse(JSON.stringify(EXAMPLE));
void _v;

type Handler = Parameters<typeof call>[0];
interface Target {
  handler: Handler;
  method: string;
  params: Record<string, string>;
  valid: Record<string, unknown>;
  /** Paths of required string/object fields: replacing their value with another type is always invalid. */
  required: string[][];
  /** A free-text field that would be stored as given (for NUL characters). */
  text: string[];
}

const TARGETS: Target[] = [
  { handler: postFilter, method: "POST", params: {}, valid: { name: "Q", entity: "businesses", query: { where: { state: "x" } } }, required: [["name"], ["entity"], ["query"]], text: ["name"] },
  { handler: postDefinition, method: "POST", params: {}, valid: definition, required: [["id"], ["name"], ["definitionType"], ["definition"]], text: ["name"] },
  { handler: putSecret, method: "PUT", params: { name: "FUZZ_SECRET" }, valid: { value: "v" }, required: [["value"]], text: ["value"] },
  {
    handler: run,
    method: "POST",
    params: {},
    valid: { workflowId: definition.id, context: { entity: { id: "e-1", type: "business", data: {} }, documents: [] } },
    required: [["workflowId"], ["context"], ["context", "entity"], ["context", "entity", "id"], ["context", "entity", "type"]],
    text: ["context", "entity", "id"],
  },
  { handler: sendEvent, method: "POST", params: { workflowRuntimeId: "00000000-0000-4000-8000-000000000000" }, valid: { name: "start" }, required: [["name"]], text: ["name"] },
];

/** Small deterministic PRNG (mulberry32) so failures reproduce. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function badRequest(target: Target, rand: () => number): { body: string; headers?: Record<string, string>; kind: string } {
  const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)];
  const valid = JSON.stringify(target.valid);
  switch (pick(["truncated", "garbage", "wrongType", "unknownField", "deep", "proto", "huge", "contentType", "notObject", "nul"])) {
    case "truncated":
      return { kind: "truncated", body: valid.slice(0, 1 + Math.floor(rand() * (valid.length - 2))) };
    case "garbage":
      return { kind: "garbage", body: pick(["{", "}", "{'a':1}", "[1,", "undefined", "NaN", '{"a":1}}', "\u0000", "{\"a\":tru}"]) };
    case "wrongType": {
      const body = JSON.parse(valid);
      const path = pick(target.required);
      let node = body;
      for (const segment of path.slice(0, -1)) node = node[segment];
      node[path[path.length - 1]] = pick([42, true, null, [], ["x"], -1.5, ...(typeof node[path[path.length - 1]] === "string" ? [{ a: 1 }] : ["str"])]);
      return { kind: "wrongType", body: JSON.stringify(body) };
    }
    case "unknownField":
      return { kind: "unknownField", body: JSON.stringify({ ...target.valid, [pick(["state", "status", "version", "projectId", "isAdmin", "x" + Math.floor(rand() * 1e6)])]: pick(["approved", -1, true, {}]) }) };
    case "deep": {
      const depth = 65 + Math.floor(rand() * 500);
      return { kind: "deep", body: JSON.stringify({ ...target.valid, extra: 1 }).replace('"extra":1', `"extra":${"[".repeat(depth)}${"]".repeat(depth)}`) };
    }
    case "proto":
      return { kind: "proto", body: valid.replace("{", `{"${pick(["__proto__", "constructor", "prototype"])}":{"polluted":true},`) };
    case "huge":
      return { kind: "huge", body: JSON.stringify({ ...target.valid, pad: "x".repeat(1_000_001) }) };
    case "contentType":
      return { kind: "contentType", body: valid, headers: { "content-type": pick(["text/plain", "application/xml", "multipart/form-data", "application/jsonx"]) } };
    case "nul": {
      const body = JSON.parse(valid);
      let node = body;
      for (const segment of target.text.slice(0, -1)) node = node[segment];
      node[target.text[target.text.length - 1]] += "\u0000";
      return { kind: "nul", body: JSON.stringify(body) };
    }
    default:
      return { kind: "notObject", body: JSON.stringify(pick([[], [target.valid], "text", 12, null, true])) };
  }
}

const counts = async () =>
  Promise.all([filters, secrets, workflowDefinitions, workflowRuntimes, businesses, endUsers].map(async (table) => (await t.db.select({ n: count() }).from(table))[0].n));

beforeAll(async () => {
  t = await openTestDatabase();
  key = await seedProject(t.db, "p-fuzz");
});
afterAll(async () => {
  await t?.dispose();
});

describe(`500 generated bad requests (${process.env.TEST_DB_KIND})`, () => {
  it("all get 4xx problem+json and change nothing", async () => {
    const before = await counts();
    const rand = prng(20240501);
    const seen = new Map<string, number>();
    for (let i = 0; i < 500; i++) {
      const target = TARGETS[i % TARGETS.length];
      const bad = badRequest(target, rand);
      const res = await call(target.handler, target.method, "/api/v1/external/fuzz", { key, params: target.params, body: bad.body, headers: bad.headers });
      const label = `#${i} ${bad.kind}: ${bad.body.slice(0, 120)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.headers.get("content-type"), label).toBe("application/problem+json");
      expect(typeof res.json.code, label).toBe("string");
      seen.set(bad.kind, (seen.get(bad.kind) ?? 0) + 1);
    }
    expect(seen.size).toBe(10);
    expect(await counts()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
