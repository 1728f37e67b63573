/**
 * Who is signed in, and sign-out: a plain form (it works without JavaScript) posting to `POST /api/auth/logout`,
 * which revokes the session, clears its cookie and opens the login page.
 */
export function UserMenu({ name, email, role }: { name: string; email: string; role: string }) {
  return (
    <div className="user-menu">
      <div className="who" title={`${name} <${email}>`}>
        Signed in as <strong>{name}</strong> ({role})
      </div>
      <form method="post" action="/api/auth/logout">
        <button type="submit">Sign out</button>
      </form>
    </div>
  );
}
