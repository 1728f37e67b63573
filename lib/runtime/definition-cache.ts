import { and, desc, eq } from "drizzle-orm";
import { compileWorkflow, type CompiledWorkflow, type WorkflowDefinitionInput } from "../engine";
import { BoundedLru } from "../engine/lru";
import type { Db } from "../db/client";
import { workflowDefinitions, type WorkflowDefinition } from "../db/schema";
import { notFound } from "../errors";

const MAX_ENTRIES = 500;
/**
 * Compiled versions are also bounded by the characters of their stored JSON (definition, schemas, extensions,
 * config): a definition may be up to 1 MB, and 500 of those compiled would hold gigabytes.
 */
const MAX_CACHED_CHARS = 16_000_000;
const cache = new BoundedLru<string, { row: WorkflowDefinition; compiled: CompiledWorkflow }>({ maxEntries: MAX_ENTRIES, maxWeight: MAX_CACHED_CHARS });

/** A row's weight in the cache: the characters of what it stores as JSON. */
function charsOf(row: WorkflowDefinition): number {
  return JSON.stringify([row.definition, row.extensions, row.config, row.contextSchema, row.documentsSchema]).length;
}

/** A stored definition row as the engine's input. */
export function toDefinitionInput(row: WorkflowDefinition): WorkflowDefinitionInput {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    definitionType: row.definitionType as "statechart-json",
    definition: row.definition as unknown as WorkflowDefinitionInput["definition"],
    extensions: row.extensions as WorkflowDefinitionInput["extensions"],
    config: row.config,
    contextSchema: row.contextSchema ?? undefined,
    documentsSchema: row.documentsSchema ?? undefined,
  };
}

/**
 * The compiled form of one definition version. Versions are immutable, so compiled machines are cached per
 * project/id/version for the life of the process (at most 500 versions and 16 million characters of their JSON;
 * least recently used entries go first).
 */
export async function getCompiledDefinition(
  db: Db,
  projectId: string,
  id: string,
  version: number,
): Promise<{ row: WorkflowDefinition; compiled: CompiledWorkflow }> {
  const key = `${projectId}\u0000${id}\u0000${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [row] = await db
    .select()
    .from(workflowDefinitions)
    .where(and(eq(workflowDefinitions.projectId, projectId), eq(workflowDefinitions.id, id), eq(workflowDefinitions.version, version)));
  if (!row) throw notFound("Workflow definition", `${id}@${version}`);
  const entry = { row, compiled: compileWorkflow(toDefinitionInput(row)) };
  cache.set(key, entry, charsOf(row));
  return entry;
}

const latest = new Map<string, number>();

/**
 * The latest version of a definition, from a per-process cache unless `fresh`. A cached answer may be stale
 * once another process (or this one) stores a new version: callers that write with it must check it in the
 * same statement, as `startRun` does, and ask again with `fresh` when it was.
 */
export async function latestDefinitionVersion(db: Db, projectId: string, id: string, fresh = false): Promise<number> {
  const key = `${projectId}\u0000${id}`;
  const hit = fresh ? undefined : latest.get(key);
  if (hit !== undefined) return hit;
  const [row] = await db
    .select({ version: workflowDefinitions.version })
    .from(workflowDefinitions)
    .where(and(eq(workflowDefinitions.projectId, projectId), eq(workflowDefinitions.id, id)))
    .orderBy(desc(workflowDefinitions.version))
    .limit(1);
  if (!row) throw notFound("Workflow definition", id);
  latest.set(key, row.version);
  if (latest.size > MAX_ENTRIES) latest.delete(latest.keys().next().value!);
  return row.version;
}
