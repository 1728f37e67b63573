import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import type { PluginSecrets } from "../plugins/secret-binding";
import { loadPluginSecrets } from "../secrets/load-secret-lookup";
import { readRuntimeRows } from "./locked-runtime";
import { groupPerTurn } from "./turn-group";

// The reads a plugin job makes before its call. The jobs a worker starts in the same turn of the event loop (one
// claim's jobs) share them (`groupPerTurn`); a job started alone waits only for the end of its turn.

const runtimesOfTurn = groupPerTurn(async (db: Db, items: { projectId: string; runtimeId: string }[]) => {
  const rows = await readRuntimeRows(db, items[0].projectId, items.map((i) => i.runtimeId));
  return items.map((i) => ({ ok: true as const, value: rows.get(i.runtimeId.toLowerCase()) ?? null }));
});

const secretsOfTurn = groupPerTurn(async (db: Db, projectIds: string[]) => {
  const secrets = await loadPluginSecrets(db, projectIds[0]);
  return projectIds.map(() => ({ ok: true as const, value: secrets }));
});

/**
 * Contract: the project's runtime `runtimeId` as a plugin job reads it before its call (no lock: the result's step
 * checks the state again under one), or null. The jobs of a turn read theirs with one statement per project.
 */
export function findRuntimeSoon(db: Db, projectId: string, runtimeId: string): Promise<WorkflowRuntime | null> {
  return runtimesOfTurn(db, projectId, { projectId, runtimeId });
}

/**
 * Contract: the project's secrets as `loadPluginSecrets` gives them, read once for the plugin jobs of one project
 * in a turn (they share the lookup, and a value is decrypted once for all of them).
 */
export function pluginSecretsSoon(db: Db, projectId: string): Promise<PluginSecrets> {
  return secretsOfTurn(db, projectId, projectId);
}
