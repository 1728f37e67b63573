import { definitionAttack } from "./definitions";
import { hostileBody } from "./hostile-json";
import { authHeaders, fillPath, ROUTES, type RouteSpec } from "./routes";
import { rngFor, type Rng } from "./rng";
import type { FuzzCase, FuzzRequest, FuzzTargets } from "./types";

/** A step's path may name the runtime the previous step started: `{started}` is filled by the sender. */
export const STARTED_RUNTIME = "{started}";

const JSON_TYPE = { "content-type": "application/json" };
const writeRoutes = ROUTES.filter((r) => r.body && r.methods.some((m) => m !== "GET"));
const getRoutes = ROUTES.filter((r) => r.methods.includes("GET"));
const writeMethod = (route: RouteSpec, r: Rng) => r.pick(route.methods.filter((m) => m !== "GET" && m !== "DELETE").concat(route.methods.includes("POST") ? ["POST"] : []));

/**
 * The request(s) of index `index` for `seed`: a pure function of (seed, index) and the ids the run created, so
 * `FUZZ_REPLAY=<index>` sends the same request again.
 */
export function generateCase(seed: number, index: number, t: FuzzTargets): FuzzCase {
  const r = rngFor(seed, index);
  const family = r.weighted<(r: Rng, t: FuzzTargets, id: string) => [string, FuzzRequest[]]>([
    [32, bodyCase],
    [12, definitionCase],
    [14, pathCase],
    [10, methodCase],
    [14, headerCase],
    [13, queryCase],
    [5, authCase],
  ]);
  const [kind, steps] = family(r, t, `fuzz_${seed}_${index}`);
  return { index, kind, steps };
}

function request(route: RouteSpec, method: string, r: Rng, t: FuzzTargets, extra: Partial<FuzzRequest> = {}): FuzzRequest {
  const path = extra.path ?? fillPath(route.path, r, t) + queryString(route, r, t);
  return { method, path, ...extra, headers: { ...authHeaders(route.auth, method, t), ...extra.headers } };
}

function queryString(route: RouteSpec, r: Rng, t: FuzzTargets): string {
  if (!route.query) return "";
  const params = Object.entries(route.query).map(([k, v]) => `${k}=${encodeURIComponent(fillPath(v, r, t))}`);
  return `?${params.join("&")}`;
}

function bodyCase(r: Rng, t: FuzzTargets): [string, FuzzRequest[]] {
  const route = r.pick(writeRoutes);
  const method = writeMethod(route, r);
  const { kind, body } = hostileBody(r, route.body!(r, t));
  return [`body:${kind}`, [request(route, method, r, t, { headers: JSON_TYPE, body })]];
}

function definitionCase(r: Rng, t: FuzzTargets, id: string): [string, FuzzRequest[]] {
  const attack = definitionAttack(r, id);
  const auth = { authorization: `Bearer ${t.apiKey}`, ...JSON_TYPE };
  const steps: FuzzRequest[] = [];
  const via = r.weighted<string>([[8, "api"], [1, "validate"], [1, "editor"]]);
  if (via === "api") {
    steps.push({ method: "POST", path: "/api/v1/external/workflow-definitions", headers: auth, body: JSON.stringify(attack.definition) });
  } else {
    const session = { ...authHeaders("session", "POST", t), ...JSON_TYPE };
    const path = `/api/backoffice/definitions/${encodeURIComponent(id)}/${via === "validate" ? "validate" : "versions"}`;
    const body = via === "validate" ? { document: attack.definition } : { document: attack.definition, baseVersion: 1 };
    steps.push({ method: "POST", path, headers: session, body: JSON.stringify(body) });
  }
  if (attack.runContext) {
    steps.push({ method: "POST", path: "/api/v1/external/workflows/run", headers: auth, body: JSON.stringify({ workflowId: id, context: attack.runContext }) });
    if (attack.event) {
      steps.push({ method: "POST", path: `/api/v1/external/workflows/${STARTED_RUNTIME}/send-event`, headers: auth, body: JSON.stringify({ name: attack.event }) });
    }
  }
  return [`definition:${attack.kind}`, steps];
}

const MALFORMED_SEGMENTS = ["%E0%A4%A", "%", "%%", "%zz", "%C0%AF", "%ED%A0%80", "%00", "%FF", "%E0%A4", "%2", "%u0041", "a%", "%0A", "%0D%0Aset-cookie:x=1"];

function pathCase(r: Rng, t: FuzzTargets): [string, FuzzRequest[]] {
  const kind = r.weighted<string>([[5, "malformed-percent"], [3, "long-segment"], [4, "unknown"], [3, "traversal"], [2, "odd-param"]]);
  const route = r.pick(ROUTES);
  const method = r.pick(route.methods);
  const headers = route.body && method !== "GET" && method !== "DELETE" ? JSON_TYPE : {};
  const body = headers === JSON_TYPE ? JSON.stringify(route.body!(r, t)) : undefined;
  const slotted = (value: () => string) => {
    const hasSlot = /\{\w+\}/.test(route.path);
    return hasSlot ? fillPath(route.path, r, t, () => value()) : `${fillPath(route.path, r, t)}/${value()}`;
  };
  let path: string;
  switch (kind) {
    case "malformed-percent":
      path = slotted(() => r.pick(MALFORMED_SEGMENTS) + (r.chance(0.5) ? r.string(3) : ""));
      break;
    case "long-segment":
      path = slotted(() => r.string(r.pick([300, 2_000, 8_000, 15_000, 20_000])));
      break;
    case "unknown":
      path = r.pick([
        "/api/v1", "/api/v1/", "/api", "/api/", "/api/nope", "/api/v2/external/workflows", "/api/v1/external", "/api/v1/external/",
        "/api/backoffice", "/api/backoffice/nope", "/api/health/x", "/api/internal", "/api/internal/jobs", "/api/sandbox", "/api/v1/openapi.json/x",
        "/api/auth", "/api/v1/external/workflows/run/extra", "/API/V1/EXTERNAL/WORKFLOWS", "/api/v1/external/workflows/", "//api/v1/external/workflows",
        "/api/v1/external//workflows", "/api/v1/external/workflows;x=1", "/api/v1/external/workflows.json", "/api/backoffice/cases",
      ]);
      break;
    case "traversal":
      path = slotted(() => r.pick(["..", "%2e%2e", "..%2f..%2fetc%2fpasswd", "%2F", ".", "%2e", "~", "%5c..%5c", "a%2Fb", "..;", "%252e%252e"]));
      break;
    default:
      path = slotted(() => encodeURIComponent(r.pick(["null", "undefined", "__proto__", "constructor", "-1", "1e21", "' or 1=1 --", "\u0000", "😀", "ä", " ", "00000000-0000-0000-0000-000000000000", "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ", r.string(64)])));
  }
  return [`path:${kind}`, [request(route, method, r, t, { path, headers, body })]];
}

function methodCase(r: Rng, t: FuzzTargets): [string, FuzzRequest[]] {
  const route = r.chance(0.2) ? ROUTES[0] : r.pick(ROUTES);
  const method = route === ROUTES[0]
    ? r.pick(["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "PROPFIND"])
    : r.pick(["TRACE", "PROPFIND", "SEARCH", "MKCOL", "QUERY", "LOCK", "UNLOCK", "COPY", "MOVE", "PROPPATCH", "REPORT", "PURGE", "LINK", "PATCH", "PUT", "DELETE", "POST", "OPTIONS", "HEAD", "GET"].filter((m) => !route.methods.includes(m)));
  const withBody = r.chance(0.5);
  return [`method:${method}`, [request(route, method, r, t, withBody ? { headers: JSON_TYPE, body: JSON.stringify(route.body?.(r, t) ?? { a: 1 }) } : {})]];
}

function headerCase(r: Rng, t: FuzzTargets): [string, FuzzRequest[]] {
  const route = r.chance(0.4) ? r.pick(writeRoutes.filter((w) => w.auth === "api-key" && w.path.includes("workflows"))) : r.pick(writeRoutes);
  const method = writeMethod(route, r);
  const body = JSON.stringify(route.body!(r, t));
  const [kind, headers] = r.weighted<() => [string, Record<string, string>]>([
    [4, () => ["content-type", { "content-type": r.pick(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "application/json;;;", "application/merge-patch+json", "application/json, text/plain", "", "json", "application/" + "j".repeat(5_000), "application/json; charset=\u00ff", "*/*", "APPLICATION/JSON"]) }]],
    [3, () => ["if-match", { ...JSON_TYPE, "if-match": r.pick(['"' + "9".repeat(8_000) + '"', "*", 'W/"1"', '"-1"', '"1e21"', "abc", '"1", "2"', '""', '"0"', '"2147483648"', "x".repeat(12_000)]) }]],
    [3, () => ["idempotency-key", { ...JSON_TYPE, "idempotency-key": r.pick(["", " ", "k".repeat(10_000), "\u00e4\u00f6", "a,b", "null", "../../x", r.string(300)]) }]],
    [2, () => ["prefer", { ...JSON_TYPE, prefer: r.pick(["wait=abc", "wait=-1", "wait=0", "respond-async", "wait=1;wait=0", "handling=strict", "wait=" + "9".repeat(500)]) }]],
    [1, () => ["x-request-id", { ...JSON_TYPE, "x-request-id": r.pick(["", "x".repeat(8_000), "<script>", "a b", "\u00ff"]) }]],
    [1, () => ["accept", { ...JSON_TYPE, accept: r.pick(["text/html", "application/xml", "*/*;q=0", "x".repeat(4_000)]) }]],
    [1, () => ["content-encoding", { ...JSON_TYPE, "content-encoding": r.pick(["gzip", "br", "deflate", "identity, gzip"]) }]],
    [1, () => ["expect", { ...JSON_TYPE, expect: r.pick(["100-continue", "fuzz"]) }]],
    [1, () => ["forwarded", { ...JSON_TYPE, "x-forwarded-host": "evil.example", "x-forwarded-proto": "gopher", "x-forwarded-for": "1.1.1.1, ::1" }]],
    [1, () => ["cookie", { ...JSON_TYPE, cookie: r.pick(["a=" + "b".repeat(12_000), "next-auth.session-token=" + r.string(900), "=;=;=", "__proto__=1"]) }]],
  ])();
  return [`header:${kind}`, [request(route, method, r, t, { headers, body })]];
}

function queryCase(r: Rng, t: FuzzTargets): [string, FuzzRequest[]] {
  const route = r.pick(getRoutes);
  const base = fillPath(route.path, r, t);
  const keys = [...Object.keys(route.query ?? {}), "limit", "cursor", "version", "status", "tag", "state", "workflowDefinitionId", "entityId", "orderBy", "search", "level", "workflowRuntimeId"];
  const [kind, qs] = r.weighted<() => [string, string]>([
    [5, () => ["odd-value", `${r.pick(keys)}=${r.pick(["0", "-1", "1e21", "abc", "101", "1001", "", "%E0%A4%A", "%00", "null", "__proto__", "9".repeat(400), "%25_%5C", encodeURIComponent("' or 1=1 --"), "1.5", "0x10", " 1"])}`]],
    [2, () => ["cursor", `cursor=${r.pick(["x", Buffer.from('["createdAt","x",1]').toString("base64url"), Buffer.from(JSON.stringify({ a: "\u0000" })).toString("base64url"), "A".repeat(5_000), Buffer.from("[" .repeat(5_000)).toString("base64url")])}`]],
    [2, () => ["unknown-params", Array.from({ length: r.pick([1, 50, 1_000]) }, (_, i) => `p${i}=${i}`).join("&")]],
    [1, () => ["repeated", Array.from({ length: r.pick([2, 500]) }, () => `${r.pick(keys)}=${r.pick(["a", "1", "review"])}`).join("&")]],
    [1, () => ["long", `search=${r.string(r.pick([2_000, 9_000]))}`]],
  ])();
  return [`query:${kind}`, [request(route, "GET", r, t, { path: `${base}?${qs}` })]];
}

function authCase(r: Rng, t: FuzzTargets): [string, FuzzRequest[]] {
  const route = r.pick(ROUTES.filter((x) => x.auth === "api-key" || x.auth === "session" || x.auth === "cron"));
  const method = r.pick(route.methods);
  const headers: Record<string, string> = r.pick<Record<string, string>>([
    { authorization: `Bearer ${"k".repeat(10_000)}` },
    { authorization: "Bearer" },
    { authorization: `bearer ${t.apiKey}` },
    { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` },
    { authorization: `Bearer ${t.apiKey}x` },
    { authorization: `Bearer kyc_${"\u00e9".repeat(43)}` },
    { cookie: `next-auth.session-token=${r.string(800)}` },
    { cookie: `next-auth.session-token=eyJhbGciOiJub25lIn0.${Buffer.from('{"uid":"x","role":"admin"}').toString("base64url")}.` },
    { authorization: `Bearer ${t.apiKey}`, cookie: t.sessionCookie ?? "", origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site", cookie: t.sessionCookie ?? "", origin: t.origin },
  ]);
  const body = route.body && method !== "GET" && method !== "DELETE" ? JSON.stringify(route.body(r, t)) : undefined;
  return [`auth:${route.auth}`, [{ method, path: fillPath(route.path, r, t) + queryString(route, r, t), headers: { ...(body ? JSON_TYPE : {}), ...headers }, body }]];
}
