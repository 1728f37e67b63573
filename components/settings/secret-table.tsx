"use client";

import { Time } from "@/components/ui/time";
import type { SecretInfo } from "@/lib/secrets";
import { ConfirmButton } from "./confirm-button";
import { FormProblem } from "./form-problem";
import { sendJson } from "@/components/ui/api-client";
import { useSettingsAction } from "./use-settings-action";

/** The project's secrets by name and dates (values are never sent to the browser), with Delete, asked twice. */
export function SecretTable({ secrets }: { secrets: SecretInfo[] }) {
  const remove = useSettingsAction((name: string) => sendJson("DELETE", `/api/backoffice/secrets/${encodeURIComponent(name)}`));
  return (
    <>
      <div className="table-wrap">
        <table className="list" data-testid="secret-table">
          <caption className="sr-only">Secrets</caption>
          <thead>
            <tr>
              <th scope="col" className="fill">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last set</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {secrets.map((s) => (
              <tr key={s.name} data-testid="secret-row">
                <th scope="row" className="mono fill" title={s.name}>
                  {s.name}
                </th>
                <td>
                  <Time iso={s.createdAt} />
                </td>
                <td>
                  <Time iso={s.updatedAt} />
                </td>
                <td>
                  <ConfirmButton
                    label="Delete"
                    ariaLabel={`Delete ${s.name}`}
                    question={`Delete ${s.name}? Plugin calls that reference it will fail.`}
                    confirmLabel="Yes, delete"
                    pending={remove.isPending && remove.variables === s.name}
                    onConfirm={() => remove.mutate(s.name)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormProblem problem={remove.error} />
    </>
  );
}
