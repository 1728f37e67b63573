import "server-only";
import { readBodyLimited } from "../api/http/read-body";
import { clientAddress } from "../api/http/client-address";
import { problemResponse } from "../api/http/problem";
import { requestIdFor } from "../api/http/request-id";
import { env } from "../config/env";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { safeCallbackUrl } from "./callback-url";
import { checkCredentials } from "./check-credentials";
import { plausible } from "./options";
import { revokeSessions } from "./revoke-sessions";
import { isSameOrigin } from "./same-origin";
import { currentSession } from "./session";
import { clearedSessionCookie, sessionCookie } from "./session-token";

/** The login form posts an e-mail, a password and where to go next: a few hundred bytes. */
const FORM_MAX_BYTES = 16 * 1024;

/**
 * A 303 to a path of this app (relative `Location`, so no host header is trusted), with cookies to set; for the
 * enhanced form (`Accept: application/json`) a 200 `{ location }` instead, which its script follows.
 */
function seeOther(req: Request, location: string, cookies: string[] = []): Response {
  const json = (req.headers.get("accept") ?? "").includes("application/json");
  const headers = new Headers({ "Cache-Control": "no-store", ...(json ? { "Content-Type": "application/json" } : { Location: location }) });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return json ? new Response(JSON.stringify({ location }), { status: 200, headers }) : new Response(null, { status: 303, headers });
}

/** The login page again with `error` (and the lock's seconds left) to show, keeping where to go next. */
function backToLogin(req: Request, callbackUrl: string, error: "invalid" | "locked", retryAfterMs = 0): Response {
  const query = new URLSearchParams({ error });
  if (error === "locked") query.set("retry", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  if (callbackUrl !== "/") query.set("callbackUrl", callbackUrl);
  return seeOther(req, `/login?${query}`);
}

/**
 * `POST /api/auth/login`: the server-rendered login form's target, which works without JavaScript. Checks the
 * e-mail and password (`checkCredentials`: throttled per e-mail and per client address), then sets next-auth's
 * session cookie itself (`sessionCookie`) and answers 303 to the form's `callbackUrl` (a path of this app), or
 * 303 back to `/login?error=invalid` (wrong e-mail or password, one message for both) or
 * `/login?error=locked&retry=<seconds>`; with `Accept: application/json` (the form's script) the same place as
 * 200 `{ location }`. A post from another origin is 403 `cross_origin_request` (login CSRF).
 */
export async function signInWithForm(req: Request): Promise<Response> {
  const requestId = requestIdFor(req);
  try {
    if (!isSameOrigin(req)) throw new AppError("cross_origin_request", "Sign in from this app's own login page.");
    const form = new URLSearchParams(new TextDecoder().decode(await readBodyLimited(req, FORM_MAX_BYTES, `The sign-in form exceeds ${FORM_MAX_BYTES} bytes.`)));
    const [email, password] = [form.get("email"), form.get("password")];
    const callbackUrl = safeCallbackUrl(form.get("callbackUrl"));
    if (!plausible(email) || !plausible(password)) return backToLogin(req, callbackUrl, "invalid");
    const outcome = await checkCredentials(await getDb(), email, password, clientAddress(req.headers, env().TRUSTED_PROXY_HOPS));
    if (outcome.kind === "locked") return backToLogin(req, callbackUrl, "locked", outcome.retryAfterMs);
    if (outcome.kind === "refused") return backToLogin(req, callbackUrl, "invalid");
    return seeOther(req, callbackUrl, [await sessionCookie(outcome.user)]);
  } catch (error) {
    return problemResponse(error, requestId);
  }
}

/**
 * `POST /api/auth/logout`: the sign-out button's target (a plain form too). Revokes the session (its version moves
 * on, so a copy of the cookie stops working as well), clears the cookie and answers 303 to `/login`. Without a
 * current session it only clears the cookie. A post from another origin is 403 `cross_origin_request`.
 */
export async function signOutWithForm(req: Request): Promise<Response> {
  const requestId = requestIdFor(req);
  try {
    if (!isSameOrigin(req)) throw new AppError("cross_origin_request", "Sign out from this app's own pages.");
    const session = await currentSession(req);
    if (session) await revokeSessions(await getDb(), session.user.id, session.sessionVersion);
    return seeOther(req, "/login", [clearedSessionCookie()]);
  } catch (error) {
    return problemResponse(error, requestId);
  }
}
