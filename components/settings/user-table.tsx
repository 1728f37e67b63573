"use client";

import { useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { Truncate } from "@/components/ui/truncate";
import type { UserSummary } from "@/lib/users/list-users";
import { ConfirmButton } from "./confirm-button";
import { RowButton } from "./row-button";
import { SettingsTable, type TableSpec } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

type Role = UserSummary["role"];
type Patch = { id: string; role?: Role; active?: boolean };

/**
 * The project's users with their role (change, then Save role) and Deactivate/Reactivate. The signed-in admin's
 * own row offers neither: an admin cannot demote or deactivate themself (the server refuses it too).
 */
export function UserTable({ users, selfId }: { users: UserSummary[]; selfId: string }) {
  // One update at a time per user: its row's buttons are disabled while any change of that user runs.
  const update = useSettingsAction(({ id, ...patch }: Patch) => sendJson("PATCH", `/api/backoffice/users/${id}`, patch), undefined, (p) => p.id);
  const [roles, setRoles] = useState<Record<string, Role>>({});
  // The role select, and Save role once it differs from the stored role.
  function rolePicker(u: UserSummary) {
    const role = roles[u.id] ?? u.role;
    return (
      <span className="actions">
        <label className="sr-only" htmlFor={`role-${u.id}`}>
          Role of {u.name}
        </label>
        <select id={`role-${u.id}`} value={role} onChange={(e) => setRoles({ ...roles, [u.id]: e.target.value as Role })}>
          <option value="reviewer">reviewer</option>
          <option value="admin">admin</option>
          <option value="auditor">auditor</option>
        </select>
        {role !== u.role && <RowButton label="Save role" primary action={update.on({ id: u.id, role })} />}
      </span>
    );
  }

  const spec: TableSpec<UserSummary> = {
    caption: "Users and roles",
    testId: "user-table",
    inactive: (u) => !u.active,
    columns: [
      {
        header: "Name",
        fill: true,
        cell: (u) => (
          <>
            <Truncate text={u.name} />
            {u.id === selfId && <span className="hint"> (you)</span>}
          </>
        ),
      },
      { header: "E-mail", fill: true, cell: (u) => <Truncate text={u.email} /> },
      { header: "Role", cell: (u) => (u.id === selfId ? <span title="You cannot change your own role">{u.role}</span> : rolePicker(u)) },
      { header: "Status", cell: (u) => (u.active ? <span className="badge badge-ok">active</span> : <span className="badge">deactivated</span>) },
    ],
  };

  return (
    <SettingsTable spec={spec} rows={users} problem={update.error}>
      {(u) =>
        u.id === selfId ? null : u.active ? (
          <ConfirmButton
            label="Deactivate"
            ariaLabel={`Deactivate ${u.name}`}
            question={`Deactivate ${u.name}? They can no longer sign in (a session already open ends when it expires).`}
            action={update.on({ id: u.id, active: false })}
          />
        ) : (
          <RowButton label="Reactivate" ariaLabel={`Reactivate ${u.name}`} action={update.on({ id: u.id, active: true })} />
        )
      }
    </SettingsTable>
  );
}
