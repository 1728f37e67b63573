import Link from "next/link";

/** The 403 page (`forbidden()` from next/navigation): answered with HTTP 403 when a page refuses the signed-in user's role. */
export default function Forbidden() {
  return (
    <div className="state-box error" role="alert" data-testid="forbidden">
      <h1 style={{ marginTop: 0, fontSize: "1.3rem" }}>403 – not for your role</h1>
      <p>This page is not available to your role. Ask an admin of your project if you need access.</p>
      <p>
        <Link href="/">Back to the queues</Link>
      </p>
    </div>
  );
}
