// Security headers of every answer: the static ones for next.config.mjs's headers() (plain JavaScript, because
// next.config.mjs imports it), the page policy proxy.ts builds per request with a nonce, and the set the Node
// edge guard puts on the answers it writes itself. Types: security-headers.d.mts.

/** HSTS, sent only over HTTPS (browsers ignore it over plain HTTP anyway, RFC 6797 §8.1). Two years, as preload lists ask. */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * The policy of every `/api` answer: it loads nothing, runs nothing and may not be framed, whether it is JSON or a
 * document page served for the viewer (a browser that opens one as a document gets an inert, sandboxed page).
 * Next.js keeps a `headers()` value over a route's own header of the same name, so a route cannot loosen (or
 * tighten) this one: it is the strictest policy any route asked for (`sandbox; default-src 'none'`).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * On every answer, page, API or build asset. `strict-origin-when-cross-origin`, not `no-referrer`: with
 * `no-referrer` a browser sends `Origin: null` on same-origin POSTs, which the backoffice's CSRF check refuses.
 * `X-Frame-Options` backs up `frame-ancestors 'none'` for browsers without CSP level 2.
 */
export const COMMON_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
};

/**
 * Whether the request reached us over HTTPS, decided as Next.js decides it (`resolve-routes.ts`): a TLS socket,
 * or an `X-Forwarded-Proto` naming https (set by the TLS-terminating proxy or platform in front). A client can
 * forge that header over plain HTTP, but all it gains is an HSTS header its browser ignores and a page that asks
 * for HTTPS subresources.
 *
 * @example isHttps("https", false) // true
 */
export function isHttps(forwardedProto, encrypted = false) {
  return encrypted || String(forwardedProto ?? "").includes("https");
}

/**
 * Pages whose scripts compile code at run time: the Add Case form (`/queues/{filterId}/new`), whose RJSF validator
 * (Ajv) compiles the workflow's input schema into a function in the browser. Ajv has no interpreter, and the schema
 * is data, so it cannot be compiled at build time. Links to these pages are plain `<a>` (a new document), so the
 * exception never spreads to a page opened before.
 */
export const EVAL_PAGES = /^\/queues\/[^/]+\/new\/?$/;

/**
 * The Content-Security-Policy of a page, with this request's `nonce` (Next.js reads it from the request's own
 * `Content-Security-Policy` header and puts it on every script it renders). Scripts: only nonced ones and what
 * they load (`'strict-dynamic'`). Styles: the app's stylesheets and nonced `<style>`; `style` attributes are
 * allowed (`style-src-attr`): React renders `style={...}` props as attributes, which a nonce cannot cover, and an
 * attribute cannot run script. Images: also any http(s) host, because a case's document pages are shown from the
 * addresses its data names. Workers (the PDF viewer's) from our origin only. Development (`next dev`) also needs
 * `'unsafe-eval'` and inline styles (its overlay); `allowEval` (see `EVAL_PAGES`) `'unsafe-eval'` alone: nonced
 * scripts may then compile strings, injected scripts still cannot run.
 *
 * @example pagePolicy("abc", { https: true }) // "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; …"
 */
export function pagePolicy(nonce, { https = false, development = false, allowEval = false } = {}) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development || allowEval ? " 'unsafe-eval'" : ""}`,
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * The headers an answer written outside Next.js carries (the Node edge guard's problem+json answers): what
 * next.config.mjs's `headers()` gives `/api` answers.
 */
export function apiAnswerHeaders(https) {
  return { ...COMMON_HEADERS, "Content-Security-Policy": API_CSP, ...(https ? { "Strict-Transport-Security": HSTS } : {}) };
}

/**
 * next.config.mjs's `headers()`: the common headers on every path, the API policy on `/api`, HSTS when the
 * request came over HTTPS (by `X-Forwarded-Proto`; `next start` serves no TLS itself). Pages get their policy
 * from proxy.ts, which needs a nonce per request.
 */
export function securityHeaderRules() {
  const list = (headers) => Object.entries(headers).map(([key, value]) => ({ key, value }));
  return [
    { source: "/:path*", headers: list(COMMON_HEADERS) },
    { source: "/api/:path*", headers: list({ "Content-Security-Policy": API_CSP }) },
    { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: ".*https.*" }], headers: list({ "Strict-Transport-Security": HSTS }) },
  ];
}
