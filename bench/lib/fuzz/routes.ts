import type { Rng } from "./rng";
import type { FuzzTargets } from "./types";

export type Auth = "api-key" | "session" | "none" | "cron";

/** One route of app/api/** with the methods it exports and a valid body to mutate. */
export interface RouteSpec {
  /** Path with `{slot}` placeholders filled by `fillPath`. */
  path: string;
  methods: string[];
  auth: Auth;
  /** A valid body for the write methods (the mutations start from it). */
  body?: (r: Rng, t: FuzzTargets) => unknown;
  /** Valid query parameters for GET. */
  query?: Record<string, string>;
}

const entity = (r: Rng) => ({
  id: `fuzz-${r.string(8)}`,
  type: r.pick(["business", "individual"]),
  data: r.chance(0.5) ? { companyName: "Fuzz Ltd", registrationNumber: r.string(8, "0123456789"), numberOfEmployees: 12 } : { firstName: "Ada", lastName: "Fuzz", email: "ada@example.com" },
});

const runRequest = (r: Rng, t: FuzzTargets) => ({ workflowId: t.definitionId, context: { entity: entity(r), documents: [] } });
const event = (r: Rng) => ({ name: r.pick(["start", "approve", "reject", "nope"]), payload: { note: "fuzz" } });

/** A bulk action; its cases are the fuzz filter's (the target definition's, never the sentinel) or the target runtimes. */
const bulkAction = (r: Rng, t: FuzzTargets) =>
  r.pick<Record<string, unknown>>([{ action: "send-event", ...event(r) }, { action: "assign", userId: r.chance(0.5) ? null : t.userId, reason: "fuzz" }, { action: "cancel", reason: "fuzz" }]);

export const minimalDefinition = (id: string) => ({
  id,
  name: "fuzz",
  definitionType: "statechart-json",
  definition: { id: `${id}_v`, initial: "idle", states: { idle: { on: { start: "review" } }, review: { tags: ["manual_review"], on: { approve: "done", reject: "done" } }, done: { type: "final" } } },
});

/** Every route under app/api (read from the file tree when this table was written; `bench/fuzz.ts` checks it is complete). */
export const ROUTES: RouteSpec[] = [
  { path: "/api/health", methods: ["GET"], auth: "none" },
  { path: "/api/health/ready", methods: ["GET"], auth: "none" },
  { path: "/api/v1/openapi.json", methods: ["GET"], auth: "none" },
  { path: "/api/auth/{nextauth}", methods: ["GET", "POST"], auth: "none", body: () => ({ csrfToken: "x", email: "nobody@example.com", password: "wrong-password" }) },
  { path: "/api/internal/jobs/drain", methods: ["GET", "POST"], auth: "cron" },
  { path: "/api/metrics", methods: ["GET"], auth: "none" },
  { path: "/api/auth/login", methods: ["POST"], auth: "none", body: () => ({ email: "nobody@example.com", password: "wrong-password", callbackUrl: "/" }) },
  { path: "/api/auth/logout", methods: ["POST"], auth: "none" }, // never with the fuzzer's own session: it would end it
  { path: "/api/sandbox/sample-pages/{samplePage}", methods: ["GET"], auth: "none" },
  { path: "/api/sandbox/echo", methods: ["POST"], auth: "none", body: () => ({ hello: "world" }) },
  { path: "/api/sandbox/echo/{sink}", methods: ["POST"], auth: "none", body: () => ({ hello: "world" }) },
  { path: "/api/sandbox/registry/{reg}", methods: ["GET"], auth: "none" },
  { path: "/api/sandbox/webhook-sink/{sink}", methods: ["GET", "POST"], auth: "api-key", body: () => ({ hello: "world" }) },
  // API v1 (API key)
  { path: "/api/v1/{rest}", methods: ["GET", "POST", "PUT", "DELETE"], auth: "api-key" },
  { path: "/api/v1/external/workflows/run", methods: ["POST"], auth: "api-key", body: runRequest },
  { path: "/api/v1/external/workflows/run-batch", methods: ["POST"], auth: "api-key", body: (r, t) => ({ items: Array.from({ length: r.int(1, 3) }, () => ({ ...runRequest(r, t), idempotencyKey: r.chance(0.5) ? `fuzz-${r.string(8)}` : undefined })) }) },
  { path: "/api/v1/external/workflows/{runtime}/send-event", methods: ["POST"], auth: "api-key", body: event },
  { path: "/api/v1/external/workflows/send-events", methods: ["POST"], auth: "api-key", body: (r, t) => ({ items: Array.from({ length: r.int(1, 3) }, () => ({ workflowRuntimeId: r.pick(t.runtimeIds), ...event(r), ifMatch: r.chance(0.3) ? r.int(1, 4) : undefined })) }) },
  { path: "/api/v1/external/workflows/{runtime}", methods: ["GET"], auth: "api-key" },
  { path: "/api/v1/external/workflows/{runtime}/context", methods: ["PATCH"], auth: "api-key", body: (r) => ({ entity: { data: { note: r.string(6) } }, fuzz: r.chance(0.5) ? null : [1, 2] }) },
  { path: "/api/v1/external/workflows/{runtime}/move", methods: ["POST"], auth: "api-key", body: (r) => ({ state: r.pick(["review", "idle", "done", "nope"]), reason: "fuzz" }) },
  { path: "/api/v1/external/workflows/{runtime}/cancel", methods: ["POST"], auth: "api-key", body: () => ({ reason: "fuzz" }) },
  { path: "/api/v1/external/workflows/{runtime}/history", methods: ["GET"], auth: "api-key", query: { limit: "10" } },
  { path: "/api/v1/external/workflows/{runtime}/notes", methods: ["GET", "POST"], auth: "api-key", query: { limit: "5" }, body: (r) => ({ text: `fuzz ${r.string(12)}` }) },
  { path: "/api/v1/external/workflows/{runtime}/documents", methods: ["POST"], auth: "api-key", body: (r) => ({ category: "proof_of_address", type: "utility_bill", pages: [{ provider: "http", uri: "https://docs.example/p1.png", type: "png" }], properties: { n: r.string(4) } }) },
  { path: "/api/v1/external/workflows/{runtime}/documents/{document}", methods: ["PUT", "DELETE"], auth: "api-key", body: () => ({ category: "proof_of_address", type: "utility_bill", pages: [] }) },
  { path: "/api/v1/external/workflows/{runtime}/documents/{document}/versions", methods: ["GET"], auth: "api-key" },
  { path: "/api/v1/external/jobs", methods: ["GET"], auth: "api-key", query: { status: "failed", limit: "5" } },
  { path: "/api/v1/external/jobs/{job}/retry", methods: ["POST"], auth: "api-key" },
  { path: "/api/v1/external/audit-events", methods: ["GET"], auth: "api-key", query: { action: "case.", limit: "5" } },
  { path: "/api/v1/external/workflows", methods: ["GET"], auth: "api-key", query: { limit: "5", status: "active", tag: "manual_review" } },
  { path: "/api/v1/external/filters", methods: ["GET", "POST"], auth: "api-key", body: (r) => ({ name: `fuzz ${r.string(6)}`, entity: "businesses", query: { where: { state: { in: ["review"] } }, select: { id: true, business: { select: { companyName: true } } } } }) },
  { path: "/api/v1/external/filters/{filter}", methods: ["GET", "PATCH"], auth: "api-key", body: (r) => ({ name: `fuzz ${r.string(6)}`, assignment: r.pick(["manual", "round_robin", "least_loaded"]) }) },
  { path: "/api/v1/external/filters/{filter}/cases", methods: ["GET"], auth: "api-key", query: { limit: "5", orderBy: "companyName", search: "Fuzz" } },
  { path: "/api/v1/external/filters/{filter}/bulk", methods: ["POST"], auth: "api-key", body: bulkAction },
  { path: "/api/v1/external/bulk-operations", methods: ["POST"], auth: "api-key", body: (r, t) => ({ ...bulkAction(r, t), runtimeIds: [r.pick(t.runtimeIds), r.pick(t.runtimeIds)] }) },
  { path: "/api/v1/external/bulk-operations/{bulkOperation}", methods: ["GET"], auth: "api-key" },
  { path: "/api/v1/external/bulk-operations/{bulkOperation}/cancel", methods: ["POST"], auth: "api-key" },
  { path: "/api/v1/external/workflow-definitions", methods: ["GET", "POST"], auth: "api-key", body: (r) => minimalDefinition(`fuzz_def_${r.string(10)}`) },
  { path: "/api/v1/external/workflow-definitions/{definition}", methods: ["GET"], auth: "api-key", query: { version: "1" } },
  { path: "/api/v1/external/workflow-definitions/{definition}/versions", methods: ["GET"], auth: "api-key" },
  { path: "/api/v1/external/secrets", methods: ["GET"], auth: "api-key" },
  { path: "/api/v1/external/teams", methods: ["GET", "POST"], auth: "api-key", body: (r, t) => ({ name: `fuzz ${r.string(8)}`, memberIds: r.chance(0.5) ? [t.userId] : [] }) },
  { path: "/api/v1/external/teams/{team}", methods: ["GET", "PATCH", "DELETE"], auth: "api-key", body: (r) => ({ name: `fuzz ${r.string(8)}` }) },
  { path: "/api/v1/external/teams/{team}/members", methods: ["POST"], auth: "api-key", body: (_r, t) => ({ userId: t.userId }) },
  { path: "/api/v1/external/teams/{team}/members/{user}", methods: ["DELETE"], auth: "api-key" },
  { path: "/api/v1/external/secrets/{secret}", methods: ["PUT", "DELETE"], auth: "api-key", body: () => ({ value: "s3cret" }) },
  { path: "/api/v1/external/secrets/{secret}", methods: ["PATCH"], auth: "api-key", body: (r) => ({ allowedHosts: r.chance(0.5) ? null : ["api.vendor.example", "*.vendor.example:8443"] }) },
  { path: "/api/v1/external/webhook-subscriptions", methods: ["GET", "POST"], auth: "api-key", query: { level: "project", limit: "10" }, body: () => ({ url: "https://receiver.example/hooks", events: ["workflow.completed"] }) },
  { path: "/api/v1/external/webhook-subscriptions/{subscription}", methods: ["DELETE"], auth: "api-key" },
  { path: "/api/v1/external/webhook-subscriptions/{subscription}/enable", methods: ["POST"], auth: "api-key" },
  { path: "/api/v1/external/webhook-subscriptions/{subscription}/disable", methods: ["POST"], auth: "api-key" },
  { path: "/api/v1/external/webhook-deliveries", methods: ["GET"], auth: "api-key", query: { workflowRuntimeId: "{runtime}", limit: "5" } },
  { path: "/api/v1/external/webhook-deliveries/{uuid}/redeliver", methods: ["POST"], auth: "api-key" },
  { path: "/api/v1/external/webhook-secret", methods: ["GET"], auth: "api-key" },
  { path: "/api/v1/external/webhook-secret/rotate", methods: ["POST"], auth: "api-key" },
  // Backoffice (session cookie; writes carry the app's Origin)
  { path: "/api/backoffice/api-keys", methods: ["GET", "POST"], auth: "session", body: (r) => ({ name: `fuzz ${r.string(5)}` }) },
  { path: "/api/backoffice/api-keys/{apiKey}", methods: ["DELETE"], auth: "session" },
  { path: "/api/backoffice/cases/{runtime}", methods: ["GET"], auth: "session" },
  { path: "/api/backoffice/cases/{runtime}/assignment", methods: ["POST"], auth: "session", body: () => ({ assigneeId: null, version: 1 }) },
  { path: "/api/backoffice/cases/{runtime}/decision", methods: ["POST"], auth: "session", body: (r) => ({ event: r.pick(["approve", "reject", "revision"]), reason: "fuzz", version: r.int(1, 3) }) },
  { path: "/api/backoffice/cases/{runtime}/context", methods: ["POST"], auth: "session", body: (r) => ({ patch: { entity: { data: { note: r.string(6) } } }, version: r.int(1, 3) }) },
  { path: "/api/backoffice/cases/{runtime}/move", methods: ["POST"], auth: "session", body: (r) => ({ state: r.pick(["review", "idle", "nope"]), reason: "fuzz", version: r.int(1, 3) }) },
  { path: "/api/backoffice/cases/{runtime}/cancel", methods: ["POST"], auth: "session", body: (r) => ({ reason: "fuzz", version: r.int(1, 3) }) },
  { path: "/api/backoffice/cases/{runtime}/notes", methods: ["POST"], auth: "session", body: (r) => ({ text: `fuzz ${r.string(12)}` }) },
  { path: "/api/backoffice/cases/{runtime}/documents/{document}/pages/{page}", methods: ["GET"], auth: "session", query: { version: "1" } },
  { path: "/api/backoffice/jobs/{job}/retry", methods: ["POST"], auth: "session" },
  { path: "/api/backoffice/audit-events/export", methods: ["GET"], auth: "session", query: { format: "csv" } },
  { path: "/api/backoffice/cases/{runtime}/document-decision", methods: ["POST"], auth: "session", body: () => ({ documentId: "doc-1", status: "approved", reason: null, version: 1 }) },
  { path: "/api/backoffice/definitions/{definition}/validate", methods: ["POST"], auth: "session", body: (r, t) => ({ document: minimalDefinition(t.definitionId) }) },
  { path: "/api/backoffice/definitions/{definition}/versions", methods: ["POST"], auth: "session", body: (r) => ({ document: minimalDefinition(`fuzz_bo_${r.string(8)}`), baseVersion: 1 }) },
  { path: "/api/backoffice/queues/{filter}/cases", methods: ["POST"], auth: "session", body: (r) => ({ values: entity(r) }) },
  { path: "/api/backoffice/queues/{filter}/bulk", methods: ["POST"], auth: "session", body: (r, t) => ({ ...bulkAction(r, t), ...(r.chance(0.5) ? { runtimeIds: [r.pick(t.runtimeIds)] } : { matching: { q: "Target", status: "active" } }) }) },
  { path: "/api/backoffice/queues/{filter}/count", methods: ["GET"], auth: "session", query: { q: "Target", status: "active", due: "overdue" } },
  { path: "/api/backoffice/bulk-operations/{bulkOperation}", methods: ["GET"], auth: "session" },
  { path: "/api/backoffice/bulk-operations/{bulkOperation}/cancel", methods: ["POST"], auth: "session" },
  { path: "/api/backoffice/secrets", methods: ["GET"], auth: "session" },
  { path: "/api/backoffice/teams", methods: ["GET", "POST"], auth: "session", body: (r) => ({ name: `fuzz bo ${r.string(8)}` }) },
  { path: "/api/backoffice/teams/{team}", methods: ["GET", "PATCH", "DELETE"], auth: "session", body: (r) => ({ name: `fuzz bo ${r.string(8)}` }) },
  { path: "/api/backoffice/teams/{team}/members", methods: ["POST"], auth: "session", body: (_r, t) => ({ userId: t.userId }) },
  { path: "/api/backoffice/teams/{team}/members/{user}", methods: ["DELETE"], auth: "session" },
  { path: "/api/backoffice/secrets/{secret}", methods: ["PUT", "DELETE"], auth: "session", body: () => ({ value: "s3cret" }) },
  { path: "/api/backoffice/secrets/{secret}", methods: ["PATCH"], auth: "session", body: (r) => ({ allowedHosts: r.chance(0.5) ? null : ["api.vendor.example"] }) },
  { path: "/api/backoffice/users", methods: ["GET", "POST"], auth: "session", body: (r) => ({ email: `fuzz-${r.string(8)}@example.com`, firstName: "F", lastName: "Z", role: "reviewer", password: "fuzz-password-123" }) },
  { path: "/api/backoffice/users/{user}", methods: ["PATCH"], auth: "session", body: (r) => ({ role: r.pick(["admin", "reviewer"]) }) },
  { path: "/api/backoffice/workload", methods: ["GET"], auth: "session" },
  { path: "/api/backoffice/webhooks/deliveries", methods: ["GET"], auth: "session", query: { workflowRuntimeId: "{runtime}" } },
  { path: "/api/backoffice/webhooks/deliveries/{uuid}/redeliver", methods: ["POST"], auth: "session" },
  { path: "/api/backoffice/webhooks/secret", methods: ["GET"], auth: "session" },
  { path: "/api/backoffice/webhooks/secret/rotate", methods: ["POST"], auth: "session" },
  { path: "/api/backoffice/webhooks/subscriptions", methods: ["GET", "POST"], auth: "session", body: () => ({ url: "https://receiver.example/hooks", events: ["workflow.completed"] }) },
  { path: "/api/backoffice/webhooks/subscriptions/{subscription}", methods: ["PATCH", "DELETE"], auth: "session", body: (r) => ({ active: r.chance(0.5) }) },
];

/** What each `{slot}` of a path becomes: one of the run's ids, or a value of the slot's kind (some of them wrong). */
const SLOTS: Record<string, (r: Rng, t: FuzzTargets) => string> = {
  runtime: (r, t) => r.pick(t.runtimeIds),
  definition: (_, t) => t.definitionId,
  filter: (_, t) => t.filterId,
  bulkOperation: (_, t) => t.bulkOperationId,
  team: (_, t) => t.teamId,
  subscription: (_, t) => t.subscriptionId,
  user: (_, t) => t.userId,
  apiKey: (_, t) => t.spareApiKeyId,
  secret: (r) => r.pick(["FUZZ_SECRET", "REGISTRY_API_KEY", `S_${r.string(6, "ABCDEFGHIJ0123456789")}`]),
  nextauth: (r) => r.pick(["session", "csrf", "providers", "signin", "signout", "callback/credentials", "error", "_log", "nope"]),
  document: (r) => r.pick(["doc-1", r.string(8)]),
  job: (r) => String(r.int(1, 50)),
  page: (r) => String(r.int(0, 3)),
  samplePage: (r) => r.pick(["certificate-of-incorporation.pdf", "director-id.png", "proof-of-address.jpg", "nope.svg"]),
  reg: (r) => r.string(r.int(1, 12), "0123456789"),
  sink: (r) => r.pick(["finish", "fail", r.string(5)]),
  rest: (r) => r.pick(["", "external", "external/nope", "workflows", "x/y/z", "external/workflows/run/extra"]),
};

/** Fill `{slot}`s with the run's ids (or, rarely, a hostile value chosen by the caller); an unknown slot gets a uuid of nothing. */
export function fillPath(template: string, r: Rng, t: FuzzTargets, override?: (slot: string) => string | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => override?.(slot) ?? (Object.hasOwn(SLOTS, slot) ? SLOTS[slot](r, t) : "00000000-0000-4000-8000-000000000000"));
}

/** The auth headers a route expects, as a signed-in caller would send them. */
export function authHeaders(auth: Auth, method: string, t: FuzzTargets): Record<string, string> {
  if (auth === "api-key") return { authorization: `Bearer ${t.apiKey}` };
  if (auth === "session") {
    const h: Record<string, string> = t.sessionCookie ? { cookie: t.sessionCookie } : {};
    if (method !== "GET" && method !== "HEAD") h.origin = t.origin;
    return h;
  }
  return {};
}
