"use client";

import type { ApiProblem } from "@/components/ui/api-client";

/**
 * Why the server refused a settings change, announced at once: its message, plus each field error not shown
 * beside its own input (`shown` lists the pointers the form displays inline).
 */
export function FormProblem({ problem, shown = [], id }: { problem: ApiProblem | null; shown?: string[]; id?: string }) {
  if (!problem) return null;
  const rest = problem.errors.filter((e) => !shown.includes(e.path));
  return (
    <div id={id} className="banner banner-danger" role="alert" data-testid="form-problem" data-code={problem.code}>
      <strong>Not saved</strong>
      {problem.message}
      {rest.length > 0 && (
        <ul>
          {rest.map((e, i) => (
            <li key={i}>
              {e.path && <code className="mono">{e.path}</code>} {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
