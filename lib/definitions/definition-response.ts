import type { WorkflowDefinition } from "../db/schema";

/** A stored definition version as the API returns it. */
export interface DefinitionResponse {
  id: string;
  version: number;
  name: string;
  definitionType: string;
  definition: Record<string, unknown>;
  extensions: Record<string, unknown>;
  config: Record<string, unknown>;
  contextSchema: Record<string, unknown> | null;
  documentsSchema: Record<string, unknown> | null;
  projectId: string;
  createdAt: string;
}

export function toDefinitionResponse(row: WorkflowDefinition): DefinitionResponse {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    definitionType: row.definitionType,
    definition: row.definition,
    extensions: row.extensions,
    config: row.config,
    contextSchema: row.contextSchema ?? null,
    documentsSchema: row.documentsSchema ?? null,
    projectId: row.projectId,
    createdAt: row.createdAt.toISOString(),
  };
}
