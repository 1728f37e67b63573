import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { decodeKeyCursor, encodeKeyCursor } from "../db/key-cursor";
import { runtimeNotes } from "../db/schema";
import { notFound } from "../errors";
import { findRuntime } from "../runtime/get-runtime";
import { toNoteView, type NoteView } from "./note-view";

export interface ListNotesInput {
  projectId: string;
  runtimeId: string;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Page size, 1 to 100 (default 20). */
  limit?: number;
}

/**
 * A page of a runtime's notes, newest first. The cursor names the last note seen, so a page continues after
 * it exactly, at the database's full timestamp precision. 404 for an unknown runtime (or another project's);
 * 422 `invalid_cursor` for a cursor of another listing.
 *
 * @example
 * const { data, nextCursor } = await listNotes(db, { projectId, runtimeId, limit: 20 });
 */
export async function listNotes(db: Db, input: ListNotesInput): Promise<{ data: NoteView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(input.limit ?? 20, 1), 100);
  const after = input.cursor === undefined ? undefined : decodeKeyCursor(input.cursor, "notes", isUuid);
  const runtime = await findRuntime(db, input.projectId, input.runtimeId);
  if (!runtime) throw notFound("Workflow runtime", input.runtimeId);
  const n = runtimeNotes;
  const rows = await db
    .select()
    .from(n)
    .where(
      and(
        eq(n.projectId, input.projectId),
        eq(n.runtimeId, runtime.id),
        after === undefined ? undefined : sql`(${n.createdAt}, ${n.id}) < (select c.created_at, c.id from runtime_notes c where c.id = ${after}::uuid)`,
      ),
    )
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { data: page.map(toNoteView), nextCursor: rows.length > limit ? encodeKeyCursor("notes", page[page.length - 1].id) : null };
}
