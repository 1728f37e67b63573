import type { WorkflowDefinition } from "../db/schema";

/**
 * The part of a stored definition version an admin edits as JSON: everything a new version is made of,
 * without `version` (assigned on save), `projectId` and `createdAt`. Null schemas are left out.
 *
 * @example JSON.stringify(toEditableDocument(row), null, 2) // the edit page's textarea
 */
export function toEditableDocument(row: WorkflowDefinition): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    definitionType: row.definitionType,
    definition: row.definition,
    extensions: row.extensions,
    config: row.config,
    ...(row.contextSchema ? { contextSchema: row.contextSchema } : {}),
    ...(row.documentsSchema ? { documentsSchema: row.documentsSchema } : {}),
  };
}
