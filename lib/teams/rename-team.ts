import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit";
import { auditActorOf } from "../audit/audit-actor";
import type { Caller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import type { Db } from "../db/client";
import { teams } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { isUniqueViolation } from "../db/unique-violation";
import { getTeamOrThrow } from "./list-teams";
import { lockTeamOrThrow, teamNameTaken } from "./team-rows";
import type { TeamView } from "./team-view";

/**
 * Rename a team of the caller's project (admins and API keys); a change of case only is a rename too. 409
 * `team_name_taken` at `/name` when another team has the name in any case, 404 for another project's team.
 * Audited as `team.renamed` with both names; the same name again changes and records nothing.
 * Review states name teams (`meta.review.teams`): a renamed team no longer matches its old name there.
 */
export async function renameTeamFor(db: Db, caller: Caller, teamId: string, name: string): Promise<TeamView> {
  await requireAdmin(db, caller, "manage teams");
  return inTransaction(db, async (tx) => {
    const team = await lockTeamOrThrow(tx, caller.projectId, teamId);
    if (team.name !== name) {
      try {
        await tx.update(teams).set({ name, updatedAt: sql`now()` }).where(eq(teams.id, team.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw teamNameTaken(name);
        throw error;
      }
      await recordAudit(tx, { projectId: caller.projectId, actor: auditActorOf(caller), action: "team.renamed", target: { type: "team", id: team.id }, summary: { from: team.name, to: name } });
    }
    return getTeamOrThrow(tx, caller.projectId, team.id);
  });
}
