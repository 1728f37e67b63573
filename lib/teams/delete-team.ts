import { and, asc, eq, sql } from "drizzle-orm";
import { auditedFor } from "../audit/audited-for";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { filters, teams } from "../db/schema";
import { AppError } from "../errors";
import { lockTeamOrThrow } from "./team-rows";

/**
 * Delete a team of the caller's project and its memberships (admins and API keys). A team a queue is restricted
 * to is refused with 409 `team_in_use` naming the queues: deleting it would leave the queue restricted to nobody
 * (or, were the id dropped, open to everyone), so the queue's teams are changed first. Audited as `team.deleted`.
 */
export async function deleteTeamFor(db: Db, caller: Caller, teamId: string): Promise<void> {
  await requireAdmin(db, caller, "manage teams");
  await auditedFor(
    db,
    caller,
    (name: string) => ({ action: "team.deleted", target: { type: "team", id: teamId.toLowerCase() }, summary: { name } }),
    async (tx) => {
      const team = await lockTeamOrThrow(tx, caller.projectId, teamId);
      const queues = await tx
        .select({ id: filters.id, name: filters.name })
        .from(filters)
        .where(and(eq(filters.projectId, caller.projectId), sql`${team.id}::uuid = any(${filters.teamIds})`))
        .orderBy(asc(filters.name));
      if (queues.length) {
        const names = queues.map((q) => `'${q.name}'`).join(", ");
        throw new AppError("team_in_use", `Team '${team.name}' restricts the queue${queues.length > 1 ? "s" : ""} ${names}; remove it from their teamIds (PATCH /filters/{id}) first.`);
      }
      await tx.delete(teams).where(eq(teams.id, team.id));
      return team.name;
    },
  );
}
