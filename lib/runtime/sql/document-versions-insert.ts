import { sql, type SQL } from "drizzle-orm";
import type { Actor } from "../types";

/** A document version the context no longer holds (replaced or deleted), kept in `runtime_document_versions`. */
export interface SupersededDocument {
  documentId: string;
  version: number;
  document: Record<string, unknown>;
}

/**
 * Contract: inserts `rows` into `runtime_document_versions` for the runtime, attributed to `actor`, as a
 * data-modifying CTE body of a step's statement. The rows travel as one JSON parameter, so the text is fixed
 * (prepared once per connection) whatever their number.
 */
export function documentVersionsInsert(projectId: string, runtimeId: string, rows: SupersededDocument[], actor: Actor): SQL {
  const json = JSON.stringify(rows.map((r) => ({ d: r.documentId, v: r.version, doc: r.document })));
  return sql`insert into runtime_document_versions (project_id, runtime_id, document_id, version, document, actor_type, actor_id)
    select ${projectId}::text, ${runtimeId}::uuid, r.v->>'d', (r.v->>'v')::int, r.v->'doc', ${actor.type}::text, ${actor.id ?? null}::text
    from jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) order by r.n`;
}
