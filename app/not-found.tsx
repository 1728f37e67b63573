import Link from "next/link";

/**
 * An address no page serves. Next.js's built-in 404 page styles itself with an inline `<style>` that the pages'
 * Content-Security-Policy refuses (no nonce); this one uses the app's stylesheet.
 */
export default function NotFound() {
  return (
    <main className="center">
      <div className="card">
        <h1>Not found</h1>
        <p>
          There is no page at this address. <Link href="/">Back to the backoffice</Link>
        </p>
      </div>
    </main>
  );
}
