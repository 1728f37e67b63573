import createClient, { type Client } from "openapi-fetch";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Db } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { API_SCOPES } from "@/lib/api-contract/scopes";
import { startWorker, type RunningWorker } from "@/lib/worker/worker";
import { API_ROUTES as ROUTES } from "../api-routes";
import { inProcessFetch } from "../in-process-fetch";
import { answerChecker, type CheckedAnswer } from "../openapi-answer-check";
import { allowOutbound, resetOutbound } from "../outbound";
import { runContext, seedDefinition, seedProject } from "../seed";
import { openTestDatabase, type TestDatabase } from "../test-database";
import { startVendorStub } from "../vendor-stub";

/** A runtime id of no project. */
export const otherUuid = "8d8ac610-566d-4ef0-9c22-186b2a5ed793";

/** What the generated-client test's groups of calls share; filled in by `beforeAll`, so read it inside tests. */
export interface ClientRun {
  db: Db;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the typed client is checked by the type probe in lib/api/openapi/openapi.test.ts
  doc: Record<string, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above: requests are built as an integrator would, answers checked at run time
  api: Client<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  anonymous: Client<any>;
  /** Every answer checked against the document so far. */
  checked: CheckedAnswer[];
  /** The runtime the first run test started; later groups act on it. */
  runtimeId: string;
  runBody(registration: string): { workflowId: string; context: ReturnType<typeof runContext> };
}

/**
 * The setup of the generated-client test: a database with one project (its key holding every scope) and the
 * worked example, a vendor stub, a worker, and two clients built from the served document (with and without the
 * key) whose every answer is checked against the document; after each test, no answer may have broken it.
 */
export function clientRun(): ClientRun {
  const c = { checked: [] as CheckedAnswer[] } as ClientRun;
  const violations: string[] = [];
  let t: TestDatabase | undefined;
  let stub: Awaited<ReturnType<typeof startVendorStub>> | undefined;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    t = await openTestDatabase();
    c.db = t.db;
    const vendor = await startVendorStub((req) =>
      req.path.startsWith("/hooks") ? { status: 200 } : { status: 200, body: { business_details: { registered_name: "Other", registration_number: "1" }, name_fuzziness_score: 0.7 } },
    );
    stub = vendor;
    allowOutbound(`127.0.0.1:${vendor.port}`);
    c.runBody = (registration) => ({ workflowId: "kyb_manual_review_example", context: runContext(vendor.origin, registration) });
    const key = await seedProject(t.db, "proj-openapi", { REGISTRY_API_KEY: "a", WEBHOOK_TOKEN: "b" });
    await t.db.update(apiKeys).set({ scopes: [...API_SCOPES] }); // the seeded key predates the teams scopes
    await seedDefinition(t.db, "proj-openapi");
    worker = await startWorker(t, { pollMs: 50 });
    c.doc = await (await ROUTES["/api/v1/openapi.json"].GET()).json();
    const check = answerChecker(c.doc);
    const fetch = inProcessFetch(ROUTES, async (method, template, res) => {
      const { problems, answer } = check(method, template, res.status, res.headers, await res.text());
      violations.push(...problems);
      c.checked.push(answer);
    });
    c.api = createClient({ baseUrl: "http://localhost", fetch, headers: { Authorization: `Bearer ${key}` } });
    c.anonymous = createClient({ baseUrl: "http://localhost", fetch });
  });

  afterEach(() => {
    expect(violations.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await worker?.stop();
    await stub?.close();
    resetOutbound();
    await t?.dispose();
  });
  return c;
}
