import { and, eq } from "drizzle-orm";
import { auditActorOf } from "../audit/audit-actor";
import { auditedFor } from "../audit/audited-for";
import { recordAudit } from "../audit/record-audit";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { isUuid } from "../db/ids";
import { teamMembers } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { notFound } from "../errors";
import { getTeamOrThrow } from "./list-teams";
import { checkProjectUsers, lockTeamOrThrow } from "./team-rows";
import type { TeamView } from "./team-view";

/**
 * Add a user of the project to a team (admins and API keys) and answer the team. 404 for another project's team,
 * 422 at `/userId` for a user of another project or none. Adding a member again changes nothing and is not
 * recorded; otherwise audited as `team.member_added`.
 */
export async function addTeamMemberFor(db: Db, caller: Caller, teamId: string, userId: string): Promise<TeamView> {
  await requireAdmin(db, caller, "manage teams");
  return inTransaction(db, async (tx) => {
    const team = await lockTeamOrThrow(tx, caller.projectId, teamId);
    const [id] = await checkProjectUsers(tx, caller.projectId, [userId], () => "/userId");
    const added = await tx.insert(teamMembers).values({ teamId: team.id, userId: id, projectId: caller.projectId }).onConflictDoNothing().returning();
    if (added.length) {
      await recordAudit(tx, { projectId: caller.projectId, actor: auditActorOf(caller), action: "team.member_added", target: { type: "team", id: team.id }, summary: { userId: id } });
    }
    return getTeamOrThrow(tx, caller.projectId, team.id);
  });
}

/** Remove a member from a team (admins and API keys); 404 when the team or the membership does not exist. Audited as `team.member_removed`. */
export async function removeTeamMemberFor(db: Db, caller: Caller, teamId: string, userId: string): Promise<void> {
  await requireAdmin(db, caller, "manage teams");
  const user = userId.toLowerCase();
  await auditedFor(db, caller, { action: "team.member_removed", target: { type: "team", id: teamId.toLowerCase() }, summary: { userId: user } }, async (tx) => {
    const team = await lockTeamOrThrow(tx, caller.projectId, teamId);
    const removed = isUuid(user)
      ? await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, user))).returning()
      : [];
    if (!removed.length) throw notFound(`Member of team '${team.name}'`, userId);
  });
}
