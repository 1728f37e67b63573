import type { Db } from "../db/client";
import { audited, type AuditEntry } from "./record-audit";

/** The runtime path's actor (`lib/runtime/types.ts`): a reviewer, an API key, or the system. */
export interface RuntimeActionActor {
  type: "api_key" | "reviewer" | "system";
  id?: string;
}

/**
 * Run a human's or an API key's action on a runtime (`fn`, usually one `step`, which joins this transaction and
 * locks the row first) and append its audit row, target the runtime, in the same transaction. The system's own
 * steps (plugin results, timers) are not audited: they are in the runtime's history. `action` may depend on the
 * result (a decision on a four-eyes state is a `case.vote`).
 *
 * @example
 * await auditedRuntimeAction(db, input, input.actor, "case.canceled", () => ({ reason: "given" }), (tx) => step(tx, input, decide));
 */
export function auditedRuntimeAction<T>(
  db: Db,
  ref: { projectId: string; runtimeId: string },
  actor: RuntimeActionActor,
  action: string | ((value: T) => string),
  summary: (value: T) => Record<string, unknown>,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  if (actor.type === "system") return fn(db);
  return audited(db, (value: T) => runtimeAuditEntry(ref, actor, typeof action === "function" ? action(value) : action, summary(value)), fn);
}

/** The audit row of a human's or an API key's action on a runtime (see `auditedRuntimeAction`). */
export function runtimeAuditEntry(ref: { projectId: string; runtimeId: string }, actor: RuntimeActionActor, action: string, summary: Record<string, unknown>): AuditEntry {
  return {
    projectId: ref.projectId,
    actor: { type: actor.type === "reviewer" ? "user" : "api_key", id: actor.id ?? null },
    action,
    target: { type: "runtime", id: ref.runtimeId },
    summary,
  };
}
