import { and, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { users, workflowRuntimes, type BulkOperation } from "../db/schema";
import { forbidden, notFound } from "../errors";
import { assignRuntime, assignRuntimes } from "../review/assign-runtime";
import { cancelRuntime, cancelRuntimes } from "../runtime/cancel-runtime";
import type { SendEventInput } from "../runtime/decide-event";
import { sendEvent } from "../runtime/send-event";
import { sendEvents } from "../runtime/send-events";
import type { Actor } from "../runtime/types";
import { actionOf } from "./bulk-action";

/**
 * One case's action, run inside the chunk's transaction (a savepoint of it); throwing refuses that case alone.
 * `many`, where the action has a multi-runtime form, acts on a whole chunk's cases at once (locked in id order,
 * one statement per round) and answers each case's refusal, or null, in order: a refused case stores nothing.
 */
export type ItemAction = ((tx: Db, runtimeId: string) => Promise<void>) & { many?: (tx: Db, runtimeIds: string[]) => Promise<unknown[]> };

/**
 * The action of a bulk operation on one case, through the same domain function as the single action and as the
 * operation's creator, so each case gets the history rows (and audit rows) the single action writes. A user is
 * read again here: one who was deactivated or made auditor since acts on no further case (403 for each).
 */
export async function itemActionFor(db: Db, op: BulkOperation): Promise<ItemAction> {
  const action = actionOf(op);
  const { projectId } = op;
  const who = await creatorOf(db, op);
  if ("refusal" in who) {
    const refusal = who.refusal;
    return async () => {
      throw forbidden(refusal);
    };
  }
  const { actor, user } = who;
  switch (action.action) {
    case "send-event": {
      const input = (runtimeId: string): SendEventInput => ({ projectId, runtimeId, name: action.name, payload: action.payload, origin: actor.type === "api_key" ? "api" : "reviewer", actor });
      const one: ItemAction = async (tx, runtimeId) => void (await sendEvent(tx, input(runtimeId)));
      one.many = async (tx, runtimeIds) => (await sendEvents(tx, projectId, runtimeIds.map(input))).map((o) => (o.ok ? null : o.error));
      return one;
    }
    case "cancel": {
      const one: ItemAction = async (tx, runtimeId) => void (await cancelRuntime(tx, { projectId, runtimeId, reason: action.reason, actor }));
      one.many = async (tx, runtimeIds) => (await cancelRuntimes(tx, { projectId, runtimeIds, reason: action.reason, actor })).map((o) => (o.ok ? null : o.error));
      return one;
    }
    case "assign": {
      const assigner = { user: user ?? { apiKeyId: op.actorId ?? "", projectId }, assigneeId: action.userId, reason: action.reason };
      const one: ItemAction = async (tx, runtimeId) => {
        // The chunk holds the case's lock already: the version read here is the one the assignment sees.
        const expectedVersion = await lockedVersion(tx, projectId, runtimeId);
        await assignRuntime(tx, { ...assigner, runtimeId, expectedVersion });
      };
      one.many = async (tx, runtimeIds) => (await assignRuntimes(tx, { ...assigner, runtimeIds })).map((o) => (o.ok ? null : o.error));
      return one;
    }
  }
}

type Creator = { actor: Actor; user: SessionUser | null } | { refusal: string };

/** The history actor of the operation's creator, and for a user their current row (role and active flag now). */
async function creatorOf(db: Db, op: BulkOperation): Promise<Creator> {
  if (op.actorType === "api_key") return { actor: { type: "api_key", id: op.actorId ?? undefined }, user: null };
  const [row] = op.actorId ? await db.select().from(users).where(and(eq(users.id, op.actorId), projectFilter(users.projectId, op.projectId))) : [];
  if (!row || !row.active) return { refusal: "The user who started this bulk operation is no longer active; the case was left unchanged." };
  if (row.role === "auditor") return { refusal: "The user who started this bulk operation is now an auditor, who changes nothing; the case was left unchanged." };
  const name = `${row.firstName} ${row.lastName}`.trim() || row.email;
  return { actor: { type: "reviewer", id: row.id }, user: { id: row.id, email: row.email, name, role: row.role, projectId: row.projectId } };
}

async function lockedVersion(tx: Db, projectId: string, runtimeId: string): Promise<number> {
  const [row] = await tx
    .select({ version: workflowRuntimes.version })
    .from(workflowRuntimes)
    .where(and(eq(workflowRuntimes.id, runtimeId), projectFilter(workflowRuntimes.projectId, projectId)))
    .for("update");
  if (!row) throw notFound("Workflow runtime", runtimeId);
  return row.version;
}
