import type { Metadata } from "next";
import { ApiKeyForm } from "@/components/settings/api-key-form";
import { ApiKeyTable } from "@/components/settings/api-key-table";
import { SettingsList } from "@/components/settings/settings-list";
import { listApiKeysFor } from "@/lib/api-keys";
import { settingsPage } from "../admin-page";

export const metadata: Metadata = { title: "API keys · Settings" };
export const dynamic = "force-dynamic";

// Settings › API keys: list, create (the key is shown once), revoke.
export default settingsPage("/settings/api-keys", async (caller, db) => {
  const keys = await listApiKeysFor(db, caller);
  return (
    <>
      <ApiKeyForm />
      <SettingsList id="keys" title={`API keys (${keys.length})`} count={keys.length} empty={{ title: "No API keys yet", hint: "Create one above to call the API." }}>
        <ApiKeyTable keys={keys} />
      </SettingsList>
    </>
  );
});
