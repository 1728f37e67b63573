import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { runtimeDocumentVersions } from "../db/schema";

/** An earlier version of a case's document, kept when it was replaced or deleted. */
export interface EarlierDocument {
  version: number;
  document: Record<string, unknown>;
  supersededAt: string;
}

/** How many earlier versions per case the case page loads (the newest); the API lists them all. */
const LIMIT = 200;

/**
 * The earlier versions of the case's documents by document id, newest first, for the case page (which shows the
 * latest beside the current version). One query for the whole case.
 */
export async function listEarlierDocuments(db: Db, projectId: string, runtimeId: string): Promise<Record<string, EarlierDocument[]>> {
  const rows = await db
    .select({ documentId: runtimeDocumentVersions.documentId, version: runtimeDocumentVersions.version, document: runtimeDocumentVersions.document, supersededAt: runtimeDocumentVersions.supersededAt })
    .from(runtimeDocumentVersions)
    .where(and(eq(runtimeDocumentVersions.projectId, projectId), eq(runtimeDocumentVersions.runtimeId, runtimeId)))
    .orderBy(desc(runtimeDocumentVersions.id))
    .limit(LIMIT);
  const byDocument: Record<string, EarlierDocument[]> = {};
  for (const row of rows) (byDocument[row.documentId] ??= []).push({ version: row.version, document: row.document, supersededAt: row.supersededAt.toISOString() });
  return byDocument;
}
