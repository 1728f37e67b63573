import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { runtimeRecordRow, runtimeRef } from "./runtime-record";
import type { ActorType } from "./history";

/** Notes on a case, by a reviewer or an API key. Append-only: a note is never edited or deleted. */
export const runtimeNotes = pgTable(
  "runtime_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: text("project_id").notNull(),
    runtimeId: runtimeRef(),
    authorType: text("author_type").$type<ActorType>().notNull(),
    authorId: text("author_id"),
    /** The author's display name when the note was written (API key name or user name). */
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("runtime_notes_runtime_idx").on(t.projectId, t.runtimeId, t.createdAt.desc(), t.id.desc())],
);

/**
 * Earlier versions of a runtime's documents: when a document is replaced or deleted, the version it had is
 * copied here (the context holds only the current one). Append-only.
 */
export const runtimeDocumentVersions = pgTable(
  "runtime_document_versions",
  {
    ...runtimeRecordRow(),
    documentId: text("document_id").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    supersededAt: timestamptz("superseded_at").defaultNow().notNull(),
    actorType: text("actor_type").$type<ActorType>().notNull(),
    actorId: text("actor_id"),
  },
  (t) => [index("runtime_document_versions_doc_idx").on(t.runtimeId, t.documentId, t.version)],
);

export type RuntimeNote = typeof runtimeNotes.$inferSelect;
export type RuntimeDocumentVersion = typeof runtimeDocumentVersions.$inferSelect;
