import type { Metadata } from "next";
import { ApiKeyForm } from "@/components/settings/api-key-form";
import { AdminOnly } from "@/components/settings/admin-only";
import { ApiKeyTable } from "@/components/settings/api-key-table";
import { EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/lib/db/client";
import { listApiKeysFor } from "@/lib/settings/api-key-settings";
import { adminOrNull } from "../admin-page";

export const metadata: Metadata = { title: "API keys · Settings" };
export const dynamic = "force-dynamic";

// Settings › API keys: list, create (the key is shown once), revoke.
export default async function ApiKeysPage() {
  const user = await adminOrNull("/settings/api-keys");
  if (!user) return <AdminOnly what="Settings" />;
  const keys = await listApiKeysFor(await getDb(), user);
  return (
    <div className="stack config-stack">
      <ApiKeyForm />
      <section aria-labelledby="keys-h">
        <h2 id="keys-h">API keys ({keys.length})</h2>
        {keys.length ? <ApiKeyTable keys={keys} /> : <EmptyState title="No API keys yet">Create one above to call the API.</EmptyState>}
      </section>
    </div>
  );
}
