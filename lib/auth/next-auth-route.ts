import { NextRequest } from "next/server";
import { readBodyLimited } from "../api/http/read-body";
import { AppError } from "../errors";
import { allowHeader } from "../api/http/method-not-allowed";
import { problem, problemResponse } from "../api/http/problem";
import { requestIdFor } from "../api/http/request-id";

export interface AuthRouteContext {
  params: Promise<{ nextauth?: string[] }>;
}

/** next-auth's own route handler (`NextAuth(req, ctx, options)`), wrapped by `nextAuthRoute`. */
export type NextAuthHandler = (req: NextRequest, ctx: AuthRouteContext) => Promise<Response>;

/**
 * The next-auth actions this app uses, with their methods and how many path segments they take (`signin/{provider}`,
 * `callback/{provider}`). `verify-request` (e-mail sign-in only) and the GET callback (OAuth only) are left out:
 * next-auth answers them with HTML or a 500 for a credentials provider.
 */
const ACTIONS: Record<string, { methods: readonly string[]; segments: readonly number[] }> = {
  providers: { methods: ["GET"], segments: [1] },
  csrf: { methods: ["GET"], segments: [1] },
  session: { methods: ["GET", "POST"], segments: [1] },
  signin: { methods: ["GET", "POST"], segments: [1, 2] },
  signout: { methods: ["GET", "POST"], segments: [1] },
  callback: { methods: ["POST"], segments: [2] },
  error: { methods: ["GET"], segments: [1] },
  _log: { methods: ["POST"], segments: [1] },
};

/** The sign-in form posts a CSRF token, an e-mail and a password: a few hundred bytes. */
export const AUTH_MAX_BODY_BYTES = 64 * 1024;

/**
 * Wrap next-auth's route handler so that every refusal is problem+json, and sign-in, sign-out, session and CSRF
 * work exactly as next-auth answers them:
 * - actions next-auth does not serve for this app are 404 `not_found`, other methods 405 with `Allow` (next-auth
 *   answers 400 text/plain, or a 500 for a GET callback of the credentials provider), before next-auth runs;
 * - a JSON body that does not parse is 400 `malformed_json` and a body over 64 KiB 413 (next-auth throws: an
 *   empty 500);
 * - HEAD is served as GET (next-auth only knows GET and POST);
 * - any 4xx/5xx next-auth answers becomes problem+json with the same status (a CSRF failure on `POST session`,
 *   400 `{}`, is 403 `forbidden`), keeping its cookies and, for a failed sign-in with `json: true`, its `url`:
 *   next-auth's client reads `url` from that 401 to show the error.
 *
 * @example
 * const handler = nextAuthRoute((req, ctx) => NextAuth(req as never, ctx as never, authOptions()), ["credentials"]);
 * export { handler as GET, handler as POST };
 */
export function nextAuthRoute(nextAuth: NextAuthHandler, providers: readonly string[]): (req: NextRequest, ctx: AuthRouteContext) => Promise<Response> {
  return async (req, ctx) => {
    const requestId = requestIdFor(req);
    try {
      const segments = (await ctx.params).nextauth ?? [];
      const action = segments[0] ?? "";
      const refused = refusal(req.method, segments, providers, requestId);
      if (refused) return refused;
      const forwarded = await forwardedRequest(req);
      const res = await nextAuth(forwarded, ctx);
      return res.status < 400 ? res : await asProblem(res, action, requestId);
    } catch (error) {
      return problemResponse(error, requestId);
    }
  };
}

function refusal(method: string, segments: readonly string[], providers: readonly string[], requestId: string): Response | undefined {
  const [action, provider] = segments;
  const spec = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
  const known = spec && spec.segments.includes(segments.length) && (provider === undefined || providers.includes(provider));
  if (!known) {
    const shown = segments.join("/").slice(0, 200);
    const list = Object.keys(ACTIONS).map((a) => (a === "callback" ? `callback/{${providers.join("|")}}` : a));
    return problem("not_found", `No sign-in endpoint '/api/auth/${shown}'; the endpoints are ${list.join(", ")}.`, [], {}, requestId);
  }
  const served = spec.methods.includes(method) || (method === "HEAD" && spec.methods.includes("GET"));
  if (served) return undefined;
  const allow = allowHeader(spec.methods);
  return problem("method_not_allowed", `${method.slice(0, 20)} is not supported on /api/auth/${action}; use one of: ${allow}.`, [], { Allow: allow }, requestId);
}

/**
 * The request next-auth gets: HEAD as GET, and a POST body read once with a size limit and, when next-auth
 * would parse it as JSON (its content type contains `application/json`), parsed here first.
 */
async function forwardedRequest(req: NextRequest): Promise<NextRequest> {
  if (req.method === "HEAD") return new NextRequest(req.url, { method: "GET", headers: req.headers });
  if (req.method !== "POST") return req;
  const text = new TextDecoder().decode(await readBodyLimited(req, AUTH_MAX_BODY_BYTES, `The request body exceeds the sign-in endpoints' limit of ${AUTH_MAX_BODY_BYTES} bytes.`));
  if ((req.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      JSON.parse(text);
    } catch (error) {
      throw new AppError("malformed_json", `The request body is not valid JSON: ${(error as Error).message}. next-auth's client sends form-encoded bodies.`);
    }
  }
  return new NextRequest(req.url, { method: "POST", headers: req.headers, body: text });
}

const DETAILS: Record<number, string> = {
  401: "Sign-in failed: the e-mail or password is wrong, the account is inactive, or there were too many attempts.",
  403: "The request was refused: fetch a CSRF token from /api/auth/csrf and send it as `csrfToken` with the cookie it sets.",
};

/** next-auth's error answer as problem+json with the same status (400 → 403), its cookies and its `url`. */
async function asProblem(res: Response, action: string, requestId: string): Promise<Response> {
  const text = await res.text();
  if (res.status >= 500) return withCookies(problemResponse(new Error(`next-auth answered ${res.status} to /api/auth/${action}: ${text.slice(0, 500)}`), requestId), res);
  const code = res.status === 401 ? "unauthorized" : res.status === 404 ? "not_found" : "forbidden";
  const detail = DETAILS[res.status === 401 ? 401 : 403];
  const doc = (await problem(code, detail, [], {}, requestId).json()) as Record<string, unknown>;
  const url = urlOf(text);
  const headers = new Headers({ "Content-Type": "application/problem+json", "X-Request-Id": requestId, "Cache-Control": "no-store" });
  return withCookies(new Response(JSON.stringify({ ...doc, ...(url ? { url } : {}) }), { status: doc.status as number, headers }), res);
}

function urlOf(text: string): string | undefined {
  try {
    const url = (JSON.parse(text) as { url?: unknown } | null)?.url;
    return typeof url === "string" ? url : undefined;
  } catch {
    return undefined;
  }
}

function withCookies(target: Response, from: Response): Response {
  for (const cookie of from.headers.getSetCookie()) target.headers.append("Set-Cookie", cookie);
  return target;
}
