import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { fromRow } from "../db/raw-sql";
import { rowsOf } from "../db/rows";
import { workflowRuntimes, type WorkflowRuntime } from "../db/schema";
import type { PluginSecrets } from "../plugins/secret-binding";
import { loadPluginSecrets } from "../secrets/load-secret-lookup";
import { runtimesStatement } from "./locked-runtime";
import { groupPerTurn } from "./turn-group";

/**
 * Contract: the project's runtime `runtimeId` as a plugin job reads it before its call (no lock: the result's step
 * checks the state again under one), or null. The jobs a worker starts in the same turn of the event loop (one
 * claim's jobs) share one statement per project (`groupPerTurn`); a job started alone waits only for the end of
 * its turn.
 */
export const findRuntimeSoon: (db: Db, projectId: string, runtimeId: string) => Promise<WorkflowRuntime | null> = (() => {
  const grouped = groupPerTurn(async (db: Db, items: { projectId: string; runtimeId: string }[]) => {
    const ids = items.map((i) => i.runtimeId).filter(isUuid);
    const rows = ids.length ? rowsOf<Record<string, unknown>>(await db.execute(runtimesStatement(items[0].projectId, ids))) : [];
    const byId = new Map(rows.map((raw) => fromRow(workflowRuntimes, raw)).map((row) => [row.id, row]));
    return items.map((i) => ({ ok: true as const, value: byId.get(i.runtimeId.toLowerCase()) ?? null }));
  });
  return (db: Db, projectId: string, runtimeId: string) => grouped(db, projectId, { projectId, runtimeId });
})();

/**
 * Contract: the project's secrets as `loadPluginSecrets` gives them, read once for the plugin jobs of one project
 * that a worker starts in the same turn (they share the lookup, and a value is decrypted once for all of them).
 */
export const pluginSecretsSoon: (db: Db, projectId: string) => Promise<PluginSecrets> = (() => {
  const grouped = groupPerTurn(async (db: Db, projectIds: string[]) => {
    const secrets = await loadPluginSecrets(db, projectIds[0]);
    return projectIds.map(() => ({ ok: true as const, value: secrets }));
  });
  return (db: Db, projectId: string) => grouped(db, projectId, projectId);
})();
