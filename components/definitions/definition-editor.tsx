"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ApiProblem, postJson } from "@/components/ui/api-client";
import { locatePointer, positionAt, scanJson, type TextPosition } from "./json-scan";
import { ProblemList, type LocatedProblem } from "./problem-list";
import { selectLine } from "./select-line";

interface Props {
  definitionId: string;
  /** The version the text was loaded from; a save creates `baseVersion + 1` or is refused as stale. */
  baseVersion: number;
  /** The version the text was copied from (an older one to roll back, else `baseVersion`). */
  sourceVersion: number;
  initialText: string;
}

type Outcome =
  | { kind: "problems"; title: string; problems: LocatedProblem[] }
  | { kind: "valid" }
  | { kind: "failed"; message: string };

type Parsed = { ok: true; document: unknown } | { ok: false; outcome: Outcome };

/**
 * The definition as JSON in a plain textarea, with Validate (the engine's checks, nothing stored) and Save as
 * new version. JSON syntax errors are found in the browser with their line and column; the validator's
 * problems come back as JSON pointers and are linked to their lines.
 */
export function DefinitionEditor({ definitionId, baseVersion, sourceVersion, initialText }: Props) {
  const id = useId();
  const router = useRouter();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initialText);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const dirty = text !== initialText;
  const base = `/api/backoffice/definitions/${encodeURIComponent(definitionId)}`;

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const parse = (): Parsed => {
    const scan = scanJson(text);
    if (!scan.ok) {
      const at = positionAt(text, scan.offset);
      const message = `JSON syntax error at line ${at.line}, column ${at.column}: ${scan.message}`;
      return { ok: false, outcome: { kind: "problems", title: "The text is not valid JSON", problems: [{ path: null, message, at: { ...at, exact: true } }] } };
    }
    try {
      return { ok: true, document: JSON.parse(text) };
    } catch (error) {
      // The scanner accepted what JSON.parse refused: show the browser's own message rather than nothing.
      return { ok: false, outcome: { kind: "problems", title: "The text is not valid JSON", problems: [{ path: null, message: (error as Error).message, at: null }] } };
    }
  };
  const located = (problems: { path: string; message: string }[], title: string): Outcome => {
    const scan = scanJson(text);
    return { kind: "problems", title, problems: problems.map((p) => ({ ...p, at: locatePointer(scan, text, p.path) })) };
  };
  const failed = (error: ApiProblem): Outcome =>
    error.errors.length && error.status === 422 ? located(error.errors, problemsTitle(error.errors.length, "Not saved")) : { kind: "failed", message: error.message };

  const validate = useMutation<{ valid: boolean; problems: { path: string; message: string }[] }, ApiProblem, unknown>({
    mutationFn: (document) => postJson(`${base}/validate`, { document }),
    onSuccess: (r) => setOutcome(r.valid ? { kind: "valid" } : located(r.problems, problemsTitle(r.problems.length, "Validation"))),
    onError: (error) => setOutcome(failed(error)),
  });
  const save = useMutation<{ version: number }, ApiProblem, unknown>({
    mutationFn: (document) => postJson(`${base}/versions`, { document, baseVersion }),
    onSuccess: (r) => router.push(`/workflows/${encodeURIComponent(definitionId)}?version=${r.version}&saved=1`),
    onError: (error) => setOutcome(failed(error)),
  });
  const pending = validate.isPending || save.isPending;

  const run = (action: typeof validate | typeof save) => {
    const parsed = parse();
    if (!parsed.ok) return setOutcome(parsed.outcome);
    setOutcome(null);
    action.mutate(parsed.document);
  };
  const goTo = (at: TextPosition) => textarea.current && selectLine(textarea.current, at);
  const lines = useMemo(() => text.split("\n").length, [text]);
  const describedBy = [`${id}-hint`, outcome?.kind === "problems" || outcome?.kind === "failed" ? `${id}-outcome` : ""].filter(Boolean).join(" ");

  return (
    <div className="editor">
      <label htmlFor={`${id}-json`}>
        <strong>Definition JSON</strong>
      </label>
      <p id={`${id}-hint`} className="hint" style={{ margin: 0 }}>
        Edit the JSON of version {sourceVersion}. The id stays {definitionId}; the version number is assigned when you save. Tab moves to the next
        control.
      </p>
      <textarea
        id={`${id}-json`}
        ref={textarea}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        wrap="off"
        aria-invalid={outcome?.kind === "problems" ? true : undefined}
        aria-describedby={describedBy}
        data-testid="definition-textarea"
      />
      <div className="editor-bar">
        <button type="button" className="btn btn-secondary" disabled={pending} onClick={() => run(validate)}>
          {validate.isPending ? "Validating…" : "Validate"}
        </button>
        <button type="button" className="btn" disabled={pending} onClick={() => run(save)}>
          {save.isPending ? "Saving…" : `Save as new version (v${baseVersion + 1})`}
        </button>
        <button type="button" className="btn btn-secondary" disabled={pending || !dirty} onClick={() => (setText(initialText), setOutcome(null))}>
          Discard changes
        </button>
        <span className="hint">
          {lines} lines{dirty ? " · unsaved changes" : ""}
        </span>
      </div>
      <div aria-live="polite" role="status" data-testid="definition-status">
        {outcome?.kind === "valid" && <p className="banner banner-ok">No problems found: this definition can be saved as version {baseVersion + 1}.</p>}
      </div>
      {outcome?.kind === "problems" && <ProblemList id={`${id}-outcome`} title={outcome.title} problems={outcome.problems} onGoTo={goTo} />}
      {outcome?.kind === "failed" && (
        <div id={`${id}-outcome`} className="banner banner-danger" role="alert" data-testid="definition-failed">
          <strong>Not saved</strong>
          {outcome.message}
        </div>
      )}
    </div>
  );
}

function problemsTitle(count: number, what: string): string {
  return `${what}: ${count === 1 ? "1 problem" : `${count} problems`} to fix`;
}
