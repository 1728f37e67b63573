"use client";

import { useEffect, useRef } from "react";
import type { ApiProblem } from "@/components/ui/api-client";

/**
 * The server's refusal of a case action, announced at once. A stale page (`version_conflict`) gets a reload
 * button; the message itself says what happened and what to do.
 */
export function ActionProblem({ problem }: { problem: ApiProblem | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) ref.current?.focus();
  }, [problem]);
  if (!problem) return null;
  const stale = problem.code === "version_conflict";
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="banner banner-danger" data-testid="action-problem" data-code={problem.code} style={{ marginTop: "0.75rem" }}>
      <strong>{stale ? "Not saved: the case changed" : "Not saved"}</strong>
      {problem.message}
      {stale && (
        <div style={{ marginTop: "0.5rem" }}>
          <button className="btn btn-small" type="button" onClick={() => window.location.reload()}>
            Reload the case
          </button>
        </div>
      )}
    </div>
  );
}
