import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditEvents, type AuditEvent } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { currentScope } from "../observability/request-scope";
import type { AuditActor } from "./audit-actor";
import { auditHash, GENESIS_HASH } from "./audit-hash";

export interface AuditEntry {
  projectId: string;
  actor: AuditActor;
  /** A dotted verb, e.g. `case.decision`, `api_key.created`, `auth.sign_in_failed`. */
  action: string;
  target?: { type: string; id: string | null } | null;
  /** What changed: names, ids, states and JSON pointers. Never a secret value, a password or a context value. */
  summary?: Record<string, unknown>;
  /** Defaults to the current request's id (`lib/observability/request-scope`). */
  requestId?: string | null;
}

/**
 * Append one row to the project's audit trail inside the caller's transaction (so it commits or rolls back with
 * the action). The chain is computed under a per-project advisory lock held until commit, then the last hash is
 * read: two writers of one project take turns, so the chain never forks. Take the lock last in a transaction
 * (after any row locks) so writers cannot wait on each other in a circle.
 *
 * @example await recordAudit(tx, { projectId, actor: auditActorOf(caller), action: "secret.written", target: { type: "secret", id: name } })
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<AuditEvent> {
  const [row] = await recordAudits(db, [entry]);
  return row!;
}

/**
 * `recordAudit` for several entries of ONE project (a bulk action's chunk): one lock, one read of the last hash,
 * the rows chained in the order given and written by one statement, in that order.
 */
export async function recordAudits(db: Db, entries: AuditEntry[]): Promise<AuditEvent[]> {
  if (entries.length === 0) return [];
  const projectId = entries[0].projectId;
  if (entries.some((e) => e.projectId !== projectId)) throw new Error("recordAudits takes the entries of one project");
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"audit_events:" + projectId}))`);
    const [last] = await tx
      .select({ hash: auditEvents.hash })
      .from(auditEvents)
      .where(eq(auditEvents.projectId, projectId))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    let prevHash = last?.hash ?? GENESIS_HASH;
    const at = new Date();
    const rows = entries.map((entry) => {
      const fields = {
        projectId,
        at,
        actorType: entry.actor.type,
        actorId: entry.actor.id,
        actorName: entry.actor.name ?? null,
        action: entry.action,
        targetType: entry.target?.type ?? null,
        targetId: entry.target?.id ?? null,
        requestId: entry.requestId ?? currentScope()?.requestId ?? null,
        summary: entry.summary ?? {},
        prevHash,
      };
      const row = { ...fields, hash: auditHash(fields) };
      prevHash = row.hash;
      return row;
    });
    const written = await tx.insert(auditEvents).values(rows).returning();
    return written.sort((a, b) => Number(a.id) - Number(b.id));
  });
}

/**
 * Run `fn` and record its audit row in the same transaction (the action's own writes join it: `step`'s row lock
 * included). A refused action throws and leaves no row. `entry` may depend on `fn`'s result.
 */
export async function audited<T>(db: Db, entry: AuditEntry | ((value: T) => AuditEntry), fn: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    const value = await fn(tx);
    await recordAudit(tx, typeof entry === "function" ? entry(value) : entry);
    return value;
  });
}
