"use client";

import { Time } from "@/components/ui/time";
import { Truncate } from "@/components/ui/truncate";
import type { ApiKeyView } from "@/lib/settings/api-key-settings";
import { ConfirmButton } from "./confirm-button";
import { FormProblem } from "./form-problem";
import { sendJson } from "@/components/ui/api-client";
import { useSettingsAction } from "./use-settings-action";

/** The project's API keys (prefix only, never the key) with Revoke, asked twice. */
export function ApiKeyTable({ keys }: { keys: ApiKeyView[] }) {
  const revoke = useSettingsAction((id: string) => sendJson("DELETE", `/api/backoffice/api-keys/${id}`));
  return (
    <>
      <div className="table-wrap">
        <table className="list" data-testid="api-key-table">
          <caption className="sr-only">API keys</caption>
          <thead>
            <tr>
              <th scope="col" className="fill">Name</th>
              <th scope="col">Prefix</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} className={k.revokedAt ? "inactive" : undefined} data-testid="api-key-row">
                <th scope="row" className="fill">
                  <Truncate text={k.name} />
                </th>
                <td className="mono">{k.prefix}…</td>
                <td>
                  <Time iso={k.createdAt} />
                </td>
                <td>{k.lastUsedAt ? <Time iso={k.lastUsedAt} /> : <span className="muted">never</span>}</td>
                <td>
                  {k.revokedAt ? (
                    <span className="badge badge-danger" title={`Revoked ${k.revokedAt}`}>
                      revoked
                    </span>
                  ) : (
                    <span className="badge badge-ok">active</span>
                  )}
                </td>
                <td>
                  {!k.revokedAt && (
                    <ConfirmButton
                      label="Revoke"
                      ariaLabel={`Revoke ${k.name}`}
                      question={`Revoke “${k.name}”? Calls with it fail at once.`}
                      confirmLabel="Yes, revoke"
                      pending={revoke.isPending && revoke.variables === k.id}
                      onConfirm={() => revoke.mutate(k.id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormProblem problem={revoke.error} />
    </>
  );
}
