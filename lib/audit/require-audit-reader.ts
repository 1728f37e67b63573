import type { Caller } from "../callers/caller";
import { projectFilter } from "../db/raw-sql";
import { users } from "../db/schema";
import type { Db } from "../db/client";
import { and, eq, inArray } from "drizzle-orm";
import { forbidden } from "../errors";

/** Whether the caller may read the audit trail now: an API key (its route checks `audit:read`), or an active admin or auditor. */
export async function mayReadAudit(db: Db, caller: Caller): Promise<boolean> {
  if (caller.kind === "api_key") return true;
  if (caller.role !== "admin" && caller.role !== "auditor") return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, caller.userId), projectFilter(users.projectId, caller.projectId), eq(users.active, true), inArray(users.role, ["admin", "auditor"])));
  return !!row;
}

/** 403 `forbidden` unless `mayReadAudit`. */
export async function requireAuditReader(db: Db, caller: Caller): Promise<void> {
  if (!(await mayReadAudit(db, caller))) throw forbidden("Only admins and auditors can read the audit trail.");
}
