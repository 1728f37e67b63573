import type { RuntimeNote } from "../db/schema";
import type { ActorType } from "../db/schema/history";

/** Who wrote a note: an API key (its name) or a backoffice user (their name), as it was when they wrote it. */
export interface NoteAuthor {
  type: ActorType;
  id: string | null;
  name: string;
}

/** A note as both surfaces show it. */
export interface NoteView {
  id: string;
  workflowRuntimeId: string;
  text: string;
  author: NoteAuthor;
  createdAt: string;
}

export function toNoteView(row: RuntimeNote): NoteView {
  return {
    id: row.id,
    workflowRuntimeId: row.runtimeId,
    text: row.text,
    author: { type: row.authorType, id: row.authorId, name: row.authorName },
    createdAt: row.createdAt.toISOString(),
  };
}
