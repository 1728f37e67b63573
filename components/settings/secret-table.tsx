"use client";

import { sendJson } from "@/components/ui/api-client";
import { Time } from "@/components/ui/time";
import type { SecretInfo } from "@/lib/secrets";
import { ConfirmButton } from "./confirm-button";
import { SecretHostsEditor } from "./secret-hosts-editor";
import { SettingsTable, type TableSpec } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

const SPEC: TableSpec<SecretInfo> = {
  caption: "Secrets",
  testId: "secret-table",
  rowKey: (s) => s.name,
  columns: [
    { header: "Name", fill: true, className: "mono", title: (s) => s.name, cell: (s) => s.name },
    {
      header: "Sent only to",
      fill: true,
      className: "mono",
      title: (s) => s.allowedHosts?.join(", ") ?? "Not bound: a plugin may send it to any host it may call",
      cell: (s) => s.allowedHosts?.join(", ") ?? <span className="badge badge-review">any host</span>,
    },
    { header: "Created", cell: (s) => <Time iso={s.createdAt} /> },
    { header: "Last set", cell: (s) => <Time iso={s.updatedAt} /> },
  ],
};

/**
 * The project's secrets by name, the hosts each may be sent to, and dates (values are never sent to the browser),
 * with the host binding edited in the row and Delete, asked twice.
 */
export function SecretTable({ secrets }: { secrets: SecretInfo[] }) {
  const remove = useSettingsAction((name: string) => sendJson("DELETE", `/api/backoffice/secrets/${encodeURIComponent(name)}`));
  return (
    <SettingsTable spec={SPEC} rows={secrets} problem={remove.error}>
      {(s) => (
        <span className="row-actions">
          <SecretHostsEditor secret={s} />
          <ConfirmButton label="Delete" ariaLabel={`Delete ${s.name}`} question={`Delete ${s.name}? Plugin calls that reference it will fail.`} action={remove.on(s.name)} />
        </span>
      )}
    </SettingsTable>
  );
}
