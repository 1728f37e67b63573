import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { SecretForm } from "@/components/settings/secret-form";
import { SecretTable } from "@/components/settings/secret-table";
import { EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/lib/db/client";
import { listSecretsFor } from "@/lib/settings/secret-settings";
import { adminOrNull } from "../admin-page";

export const metadata: Metadata = { title: "Secrets · Settings" };
export const dynamic = "force-dynamic";

// Settings › Secrets: names and dates (values are never shown), set, delete.
export default async function SecretsPage() {
  const user = await adminOrNull("/settings/secrets");
  if (!user) return <AdminOnly what="Settings" />;
  const secrets = await listSecretsFor(await getDb(), user);
  return (
    <div className="stack config-stack">
      <SecretForm />
      <section aria-labelledby="secrets-h">
        <h2 id="secrets-h">Secrets ({secrets.length})</h2>
        {secrets.length ? <SecretTable secrets={secrets} /> : <EmptyState title="No secrets yet">Plugins reference secrets in headers as {"{secret.NAME}"}.</EmptyState>}
      </section>
    </div>
  );
}
