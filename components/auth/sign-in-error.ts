/** Why the login page is shown again: a refused sign-in, or a lock with the seconds left. */
export type SignInError = { kind: "invalid" } | { kind: "locked"; retrySeconds: number };

/**
 * The login page's `error` and `retry` query parameters (set by `POST /api/auth/login`) as a `SignInError`;
 * anything else is none. next-auth's own `?error=CredentialsSignin` counts as a refused sign-in.
 *
 * @example
 * signInErrorFrom({ error: "locked", retry: "90" }) // { kind: "locked", retrySeconds: 90 }
 */
export function signInErrorFrom(query: { error?: string | string[]; retry?: string | string[] }): SignInError | undefined {
  const error = typeof query.error === "string" ? query.error : undefined;
  if (error === "invalid" || error === "CredentialsSignin") return { kind: "invalid" };
  if (error !== "locked") return undefined;
  const retry = Number(typeof query.retry === "string" ? query.retry : NaN);
  return { kind: "locked", retrySeconds: Number.isInteger(retry) && retry > 0 && retry <= 86_400 ? retry : 60 };
}

/**
 * What the form says: the same words for an unknown e-mail and a wrong password; a lock says when to try again
 * (a lock falls on unknown e-mails too, so it reveals nothing about the account).
 *
 * @example
 * signInErrorMessage({ kind: "locked", retrySeconds: 90 }) // "Too many attempts. Try again in 2 minutes."
 */
export function signInErrorMessage(error: SignInError): string {
  if (error.kind === "invalid") return "Wrong e-mail or password.";
  const s = error.retrySeconds;
  const wait = s < 60 ? `${s} second${s === 1 ? "" : "s"}` : `${Math.ceil(s / 60)} minute${Math.ceil(s / 60) === 1 ? "" : "s"}`;
  return `Too many attempts. Try again in ${wait}.`;
}
