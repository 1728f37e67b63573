import { minimalDefinition } from "./routes";
import type { FuzzTargets } from "./types";

export const FUZZ_API_KEY = "kyc_fuzz_api_key_0123456789abcdefghij";
export const FUZZ_ADMIN = { email: "fuzz-admin@example.com", password: "fuzz-admin-password" };

const SENTINEL_DEFINITION = "fuzz_sentinel";
const TARGET_DEFINITION = "fuzz_target";

async function call(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${FUZZ_API_KEY}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`setup: ${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Sign in to the backoffice as next-auth's credentials form does; the session cookie, or null. */
async function signIn(baseUrl: string): Promise<string | null> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email: FUZZ_ADMIN.email, password: FUZZ_ADMIN.password, json: "true" }),
  });
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.includes("session-token="));
  return session ?? null;
}

const runBody = (i: number) => ({
  workflowId: TARGET_DEFINITION,
  context: { entity: { id: `fuzz-target-${i}`, type: "business", data: { companyName: `Target ${i} Ltd`, registrationNumber: `1000${i}` } }, documents: [] },
});

/**
 * Create what the fuzz run aims at (a definition, runtimes in several states, a filter, a bulk operation, a team, a
 * subscription, a reviewer, a spare API key) and, apart from it, a sentinel definition and runtime no generated request names:
 * `readSentinel` reads those back, and they must read the same after the run.
 */
export async function prepareTargets(baseUrl: string): Promise<FuzzTargets> {
  const sessionCookie = await signIn(baseUrl);
  if (!sessionCookie) console.error("[fuzz] could not sign in to the backoffice: backoffice routes will only see 401s");
  await call(baseUrl, "POST", "/api/v1/external/workflow-definitions", minimalDefinition(SENTINEL_DEFINITION));
  await call(baseUrl, "POST", "/api/v1/external/workflow-definitions", minimalDefinition(TARGET_DEFINITION));
  const sentinel = await call(baseUrl, "POST", "/api/v1/external/workflows/run", { ...runBody(0), workflowId: SENTINEL_DEFINITION });
  await call(baseUrl, "POST", `/api/v1/external/workflows/${sentinel.workflowRuntimeId}/send-event`, { name: "start", payload: { note: "sentinel" } });
  const runtimeIds: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const run = await call(baseUrl, "POST", "/api/v1/external/workflows/run", runBody(i));
    runtimeIds.push(String(run.workflowRuntimeId));
    if (i % 2 === 0) await call(baseUrl, "POST", `/api/v1/external/workflows/${run.workflowRuntimeId}/send-event`, { name: "start" });
  }
  // The sentinel is in `review` too: the filter names the target definition, so a bulk action on it never reaches the sentinel.
  const filter = await call(baseUrl, "POST", "/api/v1/external/filters", { name: "fuzz filter", entity: "businesses", query: { where: { state: "review", workflowDefinitionId: TARGET_DEFINITION } } });
  const sentinelFilter = await call(baseUrl, "POST", "/api/v1/external/filters", { name: "fuzz sentinel filter", entity: "businesses", query: { where: { workflowDefinitionId: SENTINEL_DEFINITION } } });
  const bulk = await call(baseUrl, "POST", "/api/v1/external/bulk-operations", { action: "send-event", name: "start", runtimeIds: ["00000000-0000-4000-8000-000000000000"] });
  const team = await call(baseUrl, "POST", "/api/v1/external/teams", { name: "fuzz team" });
  const subscription = await call(baseUrl, "POST", "/api/v1/external/webhook-subscriptions", { url: "https://receiver.example/fuzz", events: ["workflow.completed"] });
  const origin = { origin: baseUrl };
  const session = sessionCookie ? { cookie: sessionCookie, ...origin } : origin;
  let userId = "00000000-0000-4000-8000-000000000001";
  let spareApiKeyId = "00000000-0000-4000-8000-000000000002";
  if (sessionCookie) {
    const user = await call(baseUrl, "POST", "/api/backoffice/users", { email: "fuzz-reviewer@example.com", role: "reviewer", password: "fuzz-reviewer-password" }, session);
    userId = String(user.id);
    const key = await call(baseUrl, "POST", "/api/backoffice/api-keys", { name: "fuzz spare key" }, session);
    spareApiKeyId = String(key.id ?? (key.apiKey as { id?: string } | undefined)?.id ?? spareApiKeyId);
  }
  return {
    apiKey: FUZZ_API_KEY,
    sessionCookie,
    origin: baseUrl,
    definitionId: TARGET_DEFINITION,
    runtimeIds,
    filterId: String(filter.id),
    bulkOperationId: String(bulk.id),
    teamId: String(team.id),
    subscriptionId: String(subscription.id),
    userId,
    spareApiKeyId,
    sentinelRuntimeId: String(sentinel.workflowRuntimeId),
    sentinelFilterId: String(sentinelFilter.id),
  };
}

/** The sentinel state as the API returns it: definition version 1, the runtime and its history, the seeded example definition and the sentinel filter. */
export async function readSentinel(baseUrl: string, t: FuzzTargets): Promise<string> {
  const runtimeId = t.sentinelRuntimeId;
  const parts = await Promise.all([
    call(baseUrl, "GET", `/api/v1/external/workflow-definitions/${SENTINEL_DEFINITION}?version=1`),
    call(baseUrl, "GET", `/api/v1/external/workflows/${runtimeId}`),
    call(baseUrl, "GET", `/api/v1/external/workflows/${runtimeId}/history?limit=100`),
    call(baseUrl, "GET", "/api/v1/external/workflow-definitions/kyb_manual_review_example?version=1"),
    call(baseUrl, "GET", `/api/v1/external/filters/${t.sentinelFilterId}`),
  ]);
  return JSON.stringify(parts);
}
