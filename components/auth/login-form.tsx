import { signInErrorMessage, type SignInError } from "./sign-in-error";

export interface LoginFormProps {
  /** Where to go after signing in (already checked to be a path of this app). */
  callbackUrl: string;
  error?: SignInError;
}

/**
 * The credentials form, rendered on the server: a plain `POST /api/auth/login` that works without JavaScript and
 * comes back here with `?error=` on failure. One message for an unknown e-mail and a wrong password.
 */
export function LoginForm({ callbackUrl, error }: LoginFormProps) {
  const message = error ? signInErrorMessage(error) : null;
  return (
    <form method="post" action="/api/auth/login" aria-describedby={message ? "login-error" : undefined}>
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
      <button className="btn" type="submit">
        Sign in
      </button>
    </form>
  );
}
