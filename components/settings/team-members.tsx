"use client";

import { useId, useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { Truncate } from "@/components/ui/truncate";
import { useMounted } from "@/components/ui/use-clock";
import { useEarlyValue } from "@/components/ui/use-early-value";
import type { TeamMemberView, TeamView } from "@/lib/teams/team-view";
import type { UserSummary } from "@/lib/users/list-users";
import { RowButton } from "./row-button";
import { SettingsTable, type TableSpec } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

const SPEC: TableSpec<TeamMemberView> = {
  caption: "Members",
  testId: "team-member-table",
  inactive: (m) => !m.active,
  columns: [
    { header: "Member", fill: true, cell: (m) => <Truncate text={m.name} /> },
    { header: "E-mail", fill: true, cell: (m) => <Truncate text={m.email} /> },
    { header: "Role", cell: (m) => (m.active ? m.role : `${m.role}, deactivated`) },
  ],
};

/** A team's members with Remove, and a picker of the project's other active users to add one. */
export function TeamMembers({ team, users }: { team: TeamView; users: UserSummary[] }) {
  const id = useId();
  const hydrated = useMounted();
  const url = `/api/backoffice/teams/${team.id}/members`;
  const candidates = users.filter((u) => !team.members.some((m) => m.id === u.id));
  const [picked, setPicked] = useState("");
  const pickedRef = useEarlyValue<HTMLSelectElement>(picked, setPicked);
  const add = useSettingsAction((userId: string) => sendJson("POST", url, { userId }), () => setPicked(""));
  const remove = useSettingsAction((userId: string) => sendJson("DELETE", `${url}/${userId}`));
  return (
    <>
      {team.members.length > 0 ? (
        // Spaced from the rename row above it as "No members yet." is.
        <div className="section-gap">
          <SettingsTable spec={SPEC} rows={team.members} problem={remove.error ?? add.error}>
            {(m) => <RowButton label="Remove" pendingLabel="Removing…" ariaLabel={`Remove ${m.name} from ${team.name}`} action={remove.on(m.id)} />}
          </SettingsTable>
        </div>
      ) : (
        <p className="hint">No members yet.</p>
      )}
      {candidates.length > 0 && (
        <form
          className={`actions team-add${team.members.length > 0 ? " section-gap" : ""}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (picked) add.mutate(picked);
          }}
        >
          <label className="sr-only" htmlFor={`${id}-user`}>
            User to add to {team.name}
          </label>
          <select id={`${id}-user`} ref={pickedRef} value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option value="">Choose a user…</option>
            {candidates.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.role})
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-small" disabled={!hydrated || !picked || add.isPending}>
            {add.isPending ? "Adding…" : "Add member"}
          </button>
        </form>
      )}
    </>
  );
}
