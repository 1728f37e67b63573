import type { Metadata } from "next";
import { SecretForm } from "@/components/settings/secret-form";
import { SecretTable } from "@/components/settings/secret-table";
import { SettingsList } from "@/components/settings/settings-list";
import { listSecretsFor } from "@/lib/secrets";
import { settingsPage } from "../admin-page";

export const metadata: Metadata = { title: "Secrets · Settings" };
export const dynamic = "force-dynamic";

// Settings › Secrets: names, host bindings and dates (values are never shown), set, bind to hosts, delete.
export default settingsPage("/settings/secrets", async (caller, db) => {
  const secrets = await listSecretsFor(db, caller);
  const unbound = secrets.filter((s) => s.allowedHosts === null).map((s) => s.name);
  return (
    <>
      {unbound.length > 0 && (
        <section className="banner banner-review" aria-label="Secrets not bound to hosts" data-testid="unbound-secrets">
          <strong>
            {unbound.length === 1 ? "1 secret is" : `${unbound.length} secrets are`} not bound to hosts: {unbound.join(", ")}
          </strong>
          A plugin may send {unbound.length === 1 ? "it" : "them"} to any host it may call, so a changed definition could leak {unbound.length === 1 ? "it" : "one"}.
          Bind each to its vendor&apos;s hosts with “Bind to hosts” below; a request to any other host then fails without sending it.
        </section>
      )}
      <SecretForm />
      <SettingsList id="secrets" title={`Secrets (${secrets.length})`} count={secrets.length} empty={{ title: "No secrets yet", hint: "Plugins reference secrets in headers as {secret.NAME}." }}>
        <SecretTable secrets={secrets} />
      </SettingsList>
    </>
  );
});
