import { and, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { workflowDefinitions } from "../db/schema";
import { decodeKeyCursor, encodeKeyCursor } from "../db/key-cursor";
import type { ListDefinitionsQuery } from "../api/schemas";
import { toDefinitionResponse, type DefinitionResponse } from "./definition-response";

/** A page ends once its definitions hold this many bytes of JSON (it always holds at least one definition). */
export const DEFINITIONS_PAGE_BYTES = 5_000_000;

/**
 * One page of the latest version of each definition of the project, by id: at most `limit` definitions, fewer
 * once they reach `DEFINITIONS_PAGE_BYTES` (a definition can be 2 MB). Keyset pagination on the id: `nextCursor`
 * is null on the last page.
 *
 * @example
 * const { data, nextCursor } = await listDefinitionsPage(db, "default", { limit: 100 });
 */
export async function listDefinitionsPage(db: Db, projectId: string, q: ListDefinitionsQuery): Promise<{ data: DefinitionResponse[]; nextCursor: string | null }> {
  const w = workflowDefinitions;
  const after = q.cursor === undefined ? undefined : decodeKeyCursor(q.cursor, "definitions");
  // `json` columns keep their text, so its length is what the answer will carry (without reading it in JS).
  const bytes = sql<number>`(octet_length(${w.definition}::text) + octet_length(${w.extensions}::text) + octet_length(${w.config}::text)
    + coalesce(octet_length(${w.contextSchema}::text), 0) + coalesce(octet_length(${w.documentsSchema}::text), 0))::int`;
  const rows = await db
    .selectDistinctOn([w.id], { ...getTableColumns(w), bytes })
    .from(w)
    .where(and(eq(w.projectId, projectId), after === undefined ? undefined : gt(w.id, after)))
    .orderBy(w.id, desc(w.version))
    .limit(q.limit + 1);
  const page: typeof rows = [];
  let total = 0;
  for (const row of rows.slice(0, q.limit)) {
    if (page.length > 0 && total + Number(row.bytes) > DEFINITIONS_PAGE_BYTES) break;
    total += Number(row.bytes);
    page.push(row);
  }
  const more = page.length < rows.length;
  return { data: page.map(toDefinitionResponse), nextCursor: more ? encodeKeyCursor("definitions", page[page.length - 1].id) : null };
}
