import type { Db } from "../db/client";
import type { WorkflowDefinition } from "../db/schema";
import { findDefinition, listDefinitionVersions } from "./get-definition";
import { listPlugins, type PluginLists } from "../engine";
import { getCompiledDefinition } from "../runtime/definition-cache";

export interface DefinitionView {
  row: WorkflowDefinition;
  latestVersion: number;
  versions: { version: number; name: string; createdAt: string }[];
  /** Null when the stored version does not compile (rows inserted around the validator). */
  plugins: PluginLists | null;
}

/**
 * What the definition page shows: one version (default the latest), every version, and its plugins.
 * Null when the project has no such definition or version (`version` not a positive integer included).
 */
export async function loadDefinitionView(db: Db, projectId: string, id: string, version?: number): Promise<DefinitionView | null> {
  const row = await findDefinition(db, projectId, id, version);
  if (!row) return null;
  const versions = await listDefinitionVersions(db, projectId, id);
  let plugins: PluginLists | null = null;
  try {
    plugins = listPlugins((await getCompiledDefinition(db, projectId, id, row.version)).compiled);
  } catch {
    plugins = null;
  }
  return { row, latestVersion: versions[0].version, versions: versions.map(({ version: v, name, createdAt }) => ({ version: v, name, createdAt })), plugins };
}

/** A `?version=` search parameter: undefined when absent, NaN (never found) when it is not a positive integer. */
export function versionParam(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return n >= 1 ? n : NaN;
}
