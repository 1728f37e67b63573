import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { runtimeDocumentVersions } from "../../db/schema";
import { notFound } from "../../errors";
import { getRuntimeOrThrow } from "../get-runtime";
import { documentsOf, indexOfDocument, versionOf } from "./stored-document";

/** One version of a document: the current one (in the context) or an earlier one (replaced or deleted). */
export interface DocumentVersionView {
  version: number;
  current: boolean;
  document: Record<string, unknown>;
  /** When and by whom this version was replaced or deleted; null for the current version. */
  supersededAt: string | null;
  supersededBy: { type: string; id: string | null } | null;
}

/**
 * Every version of a runtime's document, newest first: the current one (when the document is still in the
 * context) and the earlier ones kept on each replace and delete. 404 for an unknown runtime (or another
 * project's) and for a document id the runtime never had.
 *
 * @example
 * const versions = await listDocumentVersions(db, { projectId, runtimeId, documentId });
 * versions.map((v) => v.version) // [3, 2, 1]
 */
export async function listDocumentVersions(db: Db, ref: { projectId: string; runtimeId: string; documentId: string }): Promise<DocumentVersionView[]> {
  const runtime = await getRuntimeOrThrow(db, ref.projectId, ref.runtimeId);
  const v = runtimeDocumentVersions;
  const earlier = await db
    .select()
    .from(v)
    .where(and(eq(v.runtimeId, runtime.id), eq(v.projectId, ref.projectId), eq(v.documentId, ref.documentId)))
    .orderBy(desc(v.version), desc(v.id));
  const documents = documentsOf(runtime.context);
  const index = indexOfDocument(documents, ref.documentId);
  const views: DocumentVersionView[] = index < 0 ? [] : [{ version: versionOf(documents[index]), current: true, document: documents[index], supersededAt: null, supersededBy: null }];
  for (const row of earlier) {
    views.push({ version: row.version, current: false, document: row.document, supersededAt: row.supersededAt.toISOString(), supersededBy: { type: row.actorType, id: row.actorId } });
  }
  if (!views.length) throw notFound("Document", ref.documentId);
  return views;
}
