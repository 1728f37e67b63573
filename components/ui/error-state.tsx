"use client";

import { useEffect, useRef } from "react";

/**
 * The body of an `error.tsx` boundary: a plain message (never the error's stack or text: server errors arrive
 * redacted in production anyway), the digest to quote, and a retry. Focus moves here so it is announced.
 */
export function ErrorState({ title, error, reset }: { title: string; error: Error & { digest?: string }; reset: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="state-box error" role="alert">
      <h2 style={{ marginTop: 0 }}>{title}</h2>
      <p>Something went wrong while loading this page. Try again; if it keeps failing, quote the reference below.</p>
      {error.digest && <p className="hint">Reference: {error.digest}</p>}
      <button className="btn" type="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
