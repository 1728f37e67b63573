import type { Caller } from "../callers/caller";
import type { Db } from "../db/client";
import { auditActorOf } from "./audit-actor";
import { audited, type AuditEntry } from "./record-audit";

/** An audit row's own part; the project and the actor come from the caller. */
export type CallerAuditEvent = Omit<AuditEntry, "projectId" | "actor">;

/**
 * `audited` for a caller's action in its project: `fn` runs in a transaction and the row is appended in it.
 *
 * @example await auditedFor(db, caller, { action: "secret.deleted", target: { type: "secret", id: name } }, (tx) => deleteSecret(tx, caller.projectId, name))
 */
export function auditedFor<T>(db: Db, caller: Caller, event: CallerAuditEvent | ((value: T) => CallerAuditEvent), fn: (tx: Db) => Promise<T>): Promise<T> {
  return audited(db, (value: T) => ({ ...(typeof event === "function" ? event(value) : event), projectId: caller.projectId, actor: auditActorOf(caller) }), fn);
}
