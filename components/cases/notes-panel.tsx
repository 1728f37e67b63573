"use client";

import { useId, useState } from "react";
import { Time } from "@/components/ui/time";
import { useMounted } from "@/components/ui/use-clock";
import { useEarlyValue } from "@/components/ui/use-early-value";
import type { NoteView } from "@/lib/notes";
import { ActionProblem } from "./action-problem";
import { useCaseAction } from "./use-case-action";

const MAX = 10_000;

/** Notes on the case, newest first, and a form to add one (any user, whatever the case's status). */
export function NotesPanel({ runtimeId, notes, more }: { runtimeId: string; notes: NoteView[]; more: boolean }) {
  const id = useId();
  const hydrated = useMounted();
  const [text, setText] = useState("");
  const textRef = useEarlyValue<HTMLTextAreaElement>(text, setText);
  const action = useCaseAction<{ text: string }>(`/api/backoffice/cases/${runtimeId}/notes`, () => setText(""));
  const length = [...text.trim()].length;
  return (
    <section className="panel" aria-labelledby={`${id}-heading`} data-testid="notes-panel">
      <h2 id={`${id}-heading`}>Notes ({notes.length}{more ? "+" : ""})</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (length > 0 && length <= MAX) action.mutate({ text });
        }}
      >
        <div className="form-row">
          <label htmlFor={`${id}-text`}>New note</label>
          <textarea id={`${id}-text`} ref={textRef} value={text} rows={3} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-count`} />
          <span id={`${id}-count`} className={length > MAX ? "error" : "hint"}>
            {length > MAX ? `${length - MAX} characters too many (at most ${MAX.toLocaleString("en")}).` : "Seen by everyone working on the case; notes cannot be edited or deleted."}
          </span>
        </div>
        <button type="submit" className="btn btn-small" disabled={!hydrated || length === 0 || length > MAX || action.isPending}>
          {action.isPending ? "Adding…" : "Add note"}
        </button>
      </form>
      <ActionProblem problem={action.error} />
      {notes.length === 0 ? (
        <p className="hint">No notes yet.</p>
      ) : (
        <ol className="notes" data-testid="notes">
          {notes.map((note) => (
            <li key={note.id}>
              <div className="hint">
                <strong>{note.author.name}</strong> · <Time iso={note.createdAt} />
              </div>
              <p>{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      {more && <p className="hint">Older notes: GET /api/v1/external/workflows/{"{id}"}/notes.</p>}
    </section>
  );
}
