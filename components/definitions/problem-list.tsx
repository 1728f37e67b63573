"use client";

import type { TextPosition } from "./json-scan";

export interface LocatedProblem {
  /** JSON pointer into the document; null for a syntax error. */
  path: string | null;
  message: string;
  /** Where the pointer's key is in the text (or its nearest parent, `exact: false`), when it can be found. */
  at: (TextPosition & { exact: boolean }) | null;
}

interface Props {
  id: string;
  title: string;
  problems: LocatedProblem[];
  onGoTo: (position: TextPosition) => void;
}

/**
 * The validator's problems (or a JSON syntax error) under the editor, announced as they appear: each with its
 * JSON pointer, its message, and a button that selects the offending line in the text.
 */
export function ProblemList({ id, title, problems, onGoTo }: Props) {
  return (
    <div id={id} className="problems" role="alert" data-testid="definition-problems">
      <h2>{title}</h2>
      <ol>
        {problems.map((p, i) => (
          <li key={`${p.path}-${i}`} data-pointer={p.path}>
            {p.path !== null && <code>{p.path || "/"}</code>} {p.message}
            {p.at && (
              <>
                {" "}
                <button type="button" className="link-button" onClick={() => onGoTo(p.at!)} aria-label={`Go to line ${p.at.line}${p.path ? ` (${p.path})` : ""}`}>
                  {p.at.exact ? `line ${p.at.line}` : `near line ${p.at.line}`}
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
