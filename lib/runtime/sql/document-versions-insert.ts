import { sql, type SQL } from "drizzle-orm";
import type { Actor } from "../types";

/** A document version the context no longer holds (replaced or deleted), kept in `runtime_document_versions`. */
export interface SupersededDocument {
  documentId: string;
  version: number;
  document: Record<string, unknown>;
}

/** A superseded version, the runtime it belongs to and who replaced or deleted it. */
export type RuntimeSupersededDocument = SupersededDocument & { runtimeId: string; actor: Actor };

/**
 * Contract: inserts `rows` into `runtime_document_versions`, each for its runtime and attributed to its actor, as a
 * data-modifying CTE body of a step's statement. The rows travel as one JSON parameter, so the text is fixed
 * (prepared once per connection) whatever their number.
 */
export function documentVersionsInsert(projectId: string, rows: RuntimeSupersededDocument[]): SQL {
  const json = JSON.stringify(rows.map((r) => ({ r: r.runtimeId, d: r.documentId, v: r.version, doc: r.document, at: r.actor.type, ai: r.actor.id ?? null })));
  return sql`insert into runtime_document_versions (project_id, runtime_id, document_id, version, document, actor_type, actor_id)
    select ${projectId}::text, (r.v->>'r')::uuid, r.v->>'d', (r.v->>'v')::int, r.v->'doc', r.v->>'at', r.v->>'ai'
    from jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) order by r.n`;
}
