import Link from "next/link";

/** The 403 page body for reviewers who open an admin screen (Settings, definition editing). */
export function AdminOnly({ what }: { what: string }) {
  return (
    <div className="state-box error" role="alert" data-testid="forbidden">
      <h1 style={{ marginTop: 0, fontSize: "1.3rem" }}>403 – admins only</h1>
      <p>
        {what} is available to admins only. You are signed in as a reviewer; ask an admin of your project if you need a change here.
      </p>
      <p>
        <Link href="/">Back to the queues</Link>
      </p>
    </div>
  );
}
