"use client";

import { sendJson } from "@/components/ui/api-client";
import { Time } from "@/components/ui/time";
import { Truncate } from "@/components/ui/truncate";
import { API_SCOPES } from "@/lib/api-contract/scopes";
import type { ApiKeyView } from "@/lib/api-keys/create-api-key";
import { ConfirmButton } from "./confirm-button";
import { SettingsTable, type TableSpec } from "./settings-table";
import { useSettingsAction } from "./use-settings-action";

const SPEC: TableSpec<ApiKeyView> = {
  caption: "API keys",
  testId: "api-key-table",
  inactive: (k) => !!k.revokedAt || k.expired,
  columns: [
    { header: "Name", fill: true, cell: (k) => <Truncate text={k.name} /> },
    { header: "Prefix", className: "mono", cell: (k) => `${k.prefix}…` },
    { header: "Scopes", fill: true, className: "mono", title: (k) => k.scopes.join(", "), cell: (k) => (k.scopes.length === API_SCOPES.length ? "all scopes" : k.scopes.join(", ")) },
    { header: "Created", cell: (k) => <Time iso={k.createdAt} /> },
    { header: "Expires", cell: (k) => (k.expiresAt ? <Time iso={k.expiresAt} /> : <span className="muted">no expiry</span>) },
    { header: "Last used", cell: (k) => (k.lastUsedAt ? <Time iso={k.lastUsedAt} /> : <span className="muted">never</span>) },
    {
      header: "Status",
      cell: (k) =>
        k.revokedAt ? (
          <span className="badge badge-danger" title={`Revoked ${k.revokedAt}`}>
            revoked
          </span>
        ) : k.expired ? (
          <span className="badge badge-danger" title={`Expired ${k.expiresAt}`}>
            expired
          </span>
        ) : (
          <span className="badge badge-ok">active</span>
        ),
    },
  ],
};

/** The project's API keys (prefix only, never the key), their scopes and expiry, with Revoke, asked twice. */
export function ApiKeyTable({ keys }: { keys: ApiKeyView[] }) {
  const revoke = useSettingsAction((id: string) => sendJson("DELETE", `/api/backoffice/api-keys/${id}`));
  return (
    <SettingsTable spec={SPEC} rows={keys} problem={revoke.error}>
      {(k) => !k.revokedAt && <ConfirmButton label="Revoke" ariaLabel={`Revoke ${k.name}`} question={`Revoke “${k.name}”? Calls with it fail at once.`} action={revoke.on(k.id)} />}
    </SettingsTable>
  );
}
