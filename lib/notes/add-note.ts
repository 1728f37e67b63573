import type { Db } from "../db/client";
import { runtimeNotes } from "../db/schema";
import { auditedRuntimeAction } from "../audit/audited-runtime-action";
import { notFound, validationFailed } from "../errors";
import { findRuntime } from "../runtime/get-runtime";
import { toNoteView, type NoteAuthor, type NoteView } from "./note-view";

/** The longest note, in characters (Unicode code points) after trimming. */
export const NOTE_MAX_CHARS = 10_000;

export interface AddNoteInput {
  projectId: string;
  runtimeId: string;
  text: string;
  author: NoteAuthor;
}

/**
 * Append a note to a runtime's case, trimmed, with its author and time. A note is not a change to the case:
 * it does not go through the step path, does not move the runtime's version and is allowed on completed and
 * canceled runtimes. 404 for an unknown runtime (or another project's); 422 `validation_failed` (pointer
 * `/text`) for a blank note or one over 10,000 characters.
 *
 * @example
 * await addNote(db, { projectId, runtimeId, text: "Called the client; new proof of address on its way.", author: { type: "reviewer", id: user.id, name: user.name } });
 */
export async function addNote(db: Db, input: AddNoteInput): Promise<NoteView> {
  const text = input.text.trim();
  const length = [...text].length;
  if (length === 0 || length > NOTE_MAX_CHARS) {
    throw validationFailed(`A note has 1 to ${NOTE_MAX_CHARS} characters (after trimming); this one has ${length}.`, [
      { path: "/text", message: length === 0 ? "write something" : `at most ${NOTE_MAX_CHARS} characters` },
    ]);
  }
  const runtime = await findRuntime(db, input.projectId, input.runtimeId);
  if (!runtime) throw notFound("Workflow runtime", input.runtimeId);
  const insert = (tx: Db) =>
    tx
      .insert(runtimeNotes)
      .values({ projectId: input.projectId, runtimeId: runtime.id, authorType: input.author.type, authorId: input.author.id, authorName: input.author.name, text })
      .returning();
  const actor = { type: input.author.type, id: input.author.id ?? undefined };
  const [row] = await auditedRuntimeAction(db, { projectId: input.projectId, runtimeId: runtime.id }, actor, "case.note_added", (rows) => ({ noteId: rows[0]?.id }), insert);
  return toNoteView(row);
}
