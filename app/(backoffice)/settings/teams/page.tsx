import type { Metadata } from "next";
import { SettingsList } from "@/components/settings/settings-list";
import { TeamForm } from "@/components/settings/team-form";
import { TeamPanel } from "@/components/settings/team-panel";
import { listFilters } from "@/lib/filters";
import { listTeamsFor } from "@/lib/teams";
import { listUsers } from "@/lib/users/list-users";
import { settingsPage } from "../admin-page";

export const metadata: Metadata = { title: "Teams · Settings" };
export const dynamic = "force-dynamic";

// Settings › Teams: create, rename and delete teams, add and remove members; each team shows the queues restricted to it.
export default settingsPage("/settings/teams", async (caller, db) => {
  const [teams, users, queues] = await Promise.all([listTeamsFor(db, caller), listUsers(db, caller.projectId, { activeOnly: true }), listFilters(db, caller.projectId)]);
  return (
    <>
      <TeamForm />
      <SettingsList
        id="teams"
        title={`Teams (${teams.length})`}
        count={teams.length}
        intro={<p className="hint">A queue restricted to teams is seen, with its cases, only by reviewers in one of them; admins and auditors see every queue.</p>}
        empty={{ title: "No teams yet", hint: "Add a team above, then its members; restrict a queue to it with PATCH /api/v1/external/filters/{id} (teamIds)." }}
      >
        <div className="stack">
          {teams.map((team) => (
            <TeamPanel key={team.id} team={team} users={users} queues={queues.filter((q) => q.teamIds.includes(team.id)).map((q) => ({ id: q.id, name: q.name }))} />
          ))}
        </div>
      </SettingsList>
    </>
  );
});
