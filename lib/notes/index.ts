/** Notes on a case: append-only, by a reviewer or an API key, allowed whatever the runtime's status. */
export { addNote, NOTE_MAX_CHARS, type AddNoteInput } from "./add-note";
export { listNotes, type ListNotesInput } from "./list-notes";
export { apiKeyAuthor } from "./api-key-author";
export type { NoteAuthor, NoteView } from "./note-view";
