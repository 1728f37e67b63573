import type { Metadata } from "next";
import { SecretForm } from "@/components/settings/secret-form";
import { SecretTable } from "@/components/settings/secret-table";
import { SettingsList } from "@/components/settings/settings-list";
import { listSecretsFor } from "@/lib/secrets";
import { settingsPage } from "../admin-page";

export const metadata: Metadata = { title: "Secrets · Settings" };
export const dynamic = "force-dynamic";

// Settings › Secrets: names and dates (values are never shown), set, delete.
export default settingsPage("/settings/secrets", async (caller, db) => {
  const secrets = await listSecretsFor(db, caller);
  return (
    <>
      <SecretForm />
      <SettingsList id="secrets" title={`Secrets (${secrets.length})`} count={secrets.length} empty={{ title: "No secrets yet", hint: "Plugins reference secrets in headers as {secret.NAME}." }}>
        <SecretTable secrets={secrets} />
      </SettingsList>
    </>
  );
});
