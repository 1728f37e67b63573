import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";

/** What the four-eyes rules need to know about one person and one case. */
export interface VoterFacts {
  /** Member of one of the state's teams (true when the state names none). */
  member: boolean;
  /** The person created the case (Add Case) or changed its data (context edits, documents): their approval cannot count. */
  authored: "created" | "changed" | null;
}

/**
 * Whether `userId` belongs to one of `teams` (names matched case-insensitively, in the project) and whether the
 * runtime's history shows them creating the case or changing its data (`created` and `context_update` rows of
 * theirs: Edit case data, document changes). Document decisions and votes are reviewing, not authoring.
 */
export async function loadVoterFacts(db: Db, input: { projectId: string; runtimeId: string; userId: string; teams: string[] }): Promise<VoterFacts> {
  const { projectId, runtimeId, userId } = input;
  const names = JSON.stringify(input.teams.map((t) => t.toLowerCase()));
  const [row] = rowsOf<{ member: boolean; created: boolean | null; changed: boolean | null }>(
    await db.execute(sql`select
      (jsonb_array_length(${names}::jsonb) = 0 or exists (
        select 1 from team_members m join teams t on t.id = m.team_id and t.project_id = m.project_id
        where m.project_id = ${projectId}::text and m.user_id = ${userId}::uuid
          and lower(t.name) in (select jsonb_array_elements_text(${names}::jsonb)))) as member,
      bool_or(h.kind = 'created') as created,
      bool_or(h.kind = 'context_update') as changed
      from runtime_history h
      where h.project_id = ${projectId}::text and h.runtime_id = ${runtimeId}::uuid and h.actor_type = 'reviewer' and h.actor_id = ${userId}::text
        and h.kind in ('created', 'context_update')`),
  );
  return { member: row?.member === true, authored: row?.created ? "created" : row?.changed ? "changed" : null };
}
