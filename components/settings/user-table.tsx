"use client";

import { useState } from "react";
import { Truncate } from "@/components/ui/truncate";
import type { UserSummary } from "@/lib/users/list-users";
import { ConfirmButton } from "./confirm-button";
import { FormProblem } from "./form-problem";
import { sendJson } from "@/components/ui/api-client";
import { useSettingsAction } from "./use-settings-action";

type Patch = { id: string; role?: "admin" | "reviewer"; active?: boolean };

/**
 * The project's users with their role (change, then Save role) and Deactivate/Reactivate. The signed-in admin's
 * own row offers neither: an admin cannot demote or deactivate themself (the server refuses it too).
 */
export function UserTable({ users, selfId }: { users: UserSummary[]; selfId: string }) {
  const update = useSettingsAction(({ id, ...patch }: Patch) => sendJson("PATCH", `/api/backoffice/users/${id}`, patch));
  const [roles, setRoles] = useState<Record<string, "admin" | "reviewer">>({});
  const busy = (id: string) => update.isPending && update.variables?.id === id;
  return (
    <>
      <div className="table-wrap">
        <table className="list" data-testid="user-table">
          <caption className="sr-only">Users and roles</caption>
          <thead>
            <tr>
              <th scope="col" className="fill">Name</th>
              <th scope="col" className="fill">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => {
              const self = u.id === selfId;
              const role = roles[u.id] ?? u.role;
              return (
                <tr key={u.id} className={u.active ? undefined : "inactive"} data-testid="user-row">
                  <th scope="row" className="fill">
                    <Truncate text={u.name} />
                    {self && <span className="hint"> (you)</span>}
                  </th>
                  <td className="fill">
                    <Truncate text={u.email} />
                  </td>
                  <td>
                    {self ? (
                      <span title="You cannot change your own role">{u.role}</span>
                    ) : (
                      <span className="actions">
                        <label className="sr-only" htmlFor={`role-${u.id}`}>
                          Role of {u.name}
                        </label>
                        <select id={`role-${u.id}`} value={role} onChange={(e) => setRoles({ ...roles, [u.id]: e.target.value as typeof role })}>
                          <option value="reviewer">reviewer</option>
                          <option value="admin">admin</option>
                        </select>
                        {role !== u.role && (
                          <button type="button" className="btn btn-small" disabled={busy(u.id)} onClick={() => update.mutate({ id: u.id, role })}>
                            Save role
                          </button>
                        )}
                      </span>
                    )}
                  </td>
                  <td>{u.active ? <span className="badge badge-ok">active</span> : <span className="badge">deactivated</span>}</td>
                  <td>
                    {self ? null : u.active ? (
                      <ConfirmButton
                        label="Deactivate"
                        ariaLabel={`Deactivate ${u.name}`}
                        question={`Deactivate ${u.name}? They can no longer sign in (a session already open ends when it expires).`}
                        confirmLabel="Yes, deactivate"
                        pending={busy(u.id)}
                        onConfirm={() => update.mutate({ id: u.id, active: false })}
                      />
                    ) : (
                      <button type="button" className="btn btn-small btn-secondary" aria-label={`Reactivate ${u.name}`} disabled={busy(u.id)} onClick={() => update.mutate({ id: u.id, active: true })}>
                        Reactivate
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormProblem problem={update.error} />
    </>
  );
}
