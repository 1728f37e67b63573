import { isDeepStrictEqual } from "node:util";

/** How a document of `context.documents` changed in one step. */
export type DocumentChangeKind = "added" | "replaced" | "deleted";

/**
 * One document change, as `workflow.context.document.updated` carries it in `documentChanges`: the document's
 * id, its version after the change (the removed version for `deleted`) and the document itself (the removed
 * one for `deleted`, which `data.documents` no longer holds).
 */
export interface DocumentChange {
  documentId: string;
  version: unknown;
  change: DocumentChangeKind;
  document: Record<string, unknown>;
}

/**
 * The documents a step added, replaced (their `version` changed) or deleted, compared by `id` (documents
 * without a string id are not tracked), in the order of the context after the step, deletions last. A new
 * decision on a document is not a change of the document (its version stays).
 *
 * @example
 * documentChanges({ documents: [{ id: "a", version: 1 }] }, { documents: [{ id: "a", version: 2 }] })
 * // [{ documentId: "a", version: 2, change: "replaced", document: { id: "a", version: 2 } }]
 */
export function documentChanges(before: Record<string, unknown>, after: Record<string, unknown>): DocumentChange[] {
  const earlier = byId(before.documents);
  const later = byId(after.documents);
  const changes: DocumentChange[] = [];
  for (const [id, doc] of later) {
    const previous = earlier.get(id);
    if (!previous) changes.push({ documentId: id, version: doc.version ?? null, change: "added", document: doc });
    else if (!isDeepStrictEqual(previous.version, doc.version)) changes.push({ documentId: id, version: doc.version ?? null, change: "replaced", document: doc });
  }
  for (const [id, doc] of earlier) {
    if (!later.has(id)) changes.push({ documentId: id, version: doc.version ?? null, change: "deleted", document: doc });
  }
  return changes;
}

function byId(documents: unknown): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  if (!Array.isArray(documents)) return map;
  for (const doc of documents as unknown[]) {
    if (doc && typeof doc === "object" && typeof (doc as { id?: unknown }).id === "string") map.set((doc as { id: string }).id, doc as Record<string, unknown>);
  }
  return map;
}
