"use client";

import { useId, useState } from "react";
import { fieldError, sendJson } from "@/components/ui/api-client";
import { Truncate } from "@/components/ui/truncate";
import { useMounted } from "@/components/ui/use-clock";
import { useEarlyValue } from "@/components/ui/use-early-value";
import type { TeamView } from "@/lib/teams/team-view";
import type { UserSummary } from "@/lib/users/list-users";
import { ConfirmButton } from "./confirm-button";
import { FormProblem } from "./form-problem";
import { TeamMembers } from "./team-members";
import { useSettingsAction } from "./use-settings-action";

interface Props {
  team: TeamView;
  /** The project's active users, to add as members. */
  users: UserSummary[];
  /** The queues restricted to this team (a team a queue needs cannot be deleted). */
  queues: { id: string; name: string }[];
}

/** One team: rename it, delete it, see the queues restricted to it, add and remove members. */
export function TeamPanel({ team, users, queues }: Props) {
  const id = useId();
  const hydrated = useMounted();
  const [name, setName] = useState(team.name);
  const nameRef = useEarlyValue<HTMLInputElement>(name, setName);
  const url = `/api/backoffice/teams/${team.id}`;
  const rename = useSettingsAction((next: string) => sendJson("PATCH", url, { name: next }));
  const remove = useSettingsAction(() => sendJson("DELETE", url));
  const problem = rename.error ?? remove.error;
  return (
    <section className="panel" aria-labelledby={`${id}-h`} data-testid="team-panel">
      <h2 id={`${id}-h`}>
        <Truncate text={team.name} /> <span className="hint">({team.members.length === 1 ? "1 member" : `${team.members.length} members`})</span>
      </h2>
      <p className="hint" data-testid="team-queues">
        {queues.length ? `Restricts the queues ${queues.map((q) => `“${q.name}”`).join(", ")}: only its members (and admins and auditors) see them and their cases.` : "No queue is restricted to this team."}
      </p>
      <form
        className="actions team-rename"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          rename.mutate(name);
        }}
      >
        <label className="sr-only" htmlFor={`${id}-name`}>
          New name of {team.name}
        </label>
        <input
          id={`${id}-name`}
          ref={nameRef}
          type="text"
          size={32}
          maxLength={100}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            // A refusal is about the name it was given: editing the name clears it.
            if (rename.error) rename.reset();
          }}
          aria-invalid={fieldError(rename.error, "/name") ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button type="submit" className="btn btn-small btn-secondary" disabled={!hydrated || rename.isPending || name === team.name}>
          {rename.isPending ? "Renaming…" : "Rename"}
        </button>
        <ConfirmButton
          label="Delete team"
          ariaLabel={`Delete team ${team.name}`}
          question={`Delete the team ${team.name}? Its members keep their accounts.`}
          action={remove.on(undefined)}
        />
      </form>
      {/* The message names the refused name: no "/name" line besides it (the input is the only field). */}
      <FormProblem id={`${id}-problem`} problem={problem} shown={["/name"]} />
      <TeamMembers team={team} users={users} />
    </section>
  );
}
