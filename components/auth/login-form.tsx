"use client";

import { useState, type FormEvent } from "react";
import { signInErrorFrom, signInErrorMessage, type SignInError } from "./sign-in-error";

export interface LoginFormProps {
  /** Where to go after signing in (already checked to be a path of this app). */
  callbackUrl: string;
  error?: SignInError;
}

/**
 * The credentials form. Rendered on the server as a plain `POST /api/auth/login`, which works without JavaScript
 * and comes back here with `?error=` on failure. With JavaScript the same post is sent by `fetch` asking for JSON,
 * so a refusal shows here without reloading and the e-mail stays typed. One message for an unknown e-mail and a
 * wrong password.
 */
export function LoginForm({ callbackUrl, error: initial }: LoginFormProps) {
  const [error, setError] = useState<SignInError | undefined>(initial);
  const [pending, setPending] = useState(false);
  const message = error ? signInErrorMessage(error) : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    try {
      const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      const res = await fetch("/api/auth/login", { method: "POST", body, headers: { Accept: "application/json" } });
      const { location } = (await res.json()) as { location?: string };
      if (!res.ok || !location) throw new Error(`sign-in answered ${res.status}`);
      const url = new URL(location, window.location.origin);
      if (url.pathname !== "/login") return window.location.assign(location);
      setError(signInErrorFrom(Object.fromEntries(url.searchParams)) ?? { kind: "invalid" });
      setPending(false);
    } catch {
      // Whatever went wrong, the plain post still works: send it.
      form.submit();
    }
  }

  return (
    <form method="post" action="/api/auth/login" onSubmit={onSubmit} aria-describedby={message ? "login-error" : undefined}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      {message && (
        <p id="login-error" role="alert" className="error">
          {message}
        </p>
      )}
      <button className="btn" type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
