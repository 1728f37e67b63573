import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { DeliveryTable } from "@/components/settings/delivery-table";
import { SigningSecretPanel } from "@/components/settings/signing-secret-panel";
import { SubscriptionForm } from "@/components/settings/subscription-form";
import { SubscriptionTable } from "@/components/settings/subscription-table";
import { EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/lib/db/client";
import { listRecentDeliveriesFor } from "@/lib/settings/recent-deliveries";
import { listProjectSubscriptionsFor, webhookSecretStatusFor } from "@/lib/settings/webhook-settings";
import { SUBSCRIBABLE_EVENTS } from "@/lib/webhooks/event-names";
import { adminOrNull } from "../admin-page";

export const metadata: Metadata = { title: "Webhooks · Settings" };
export const dynamic = "force-dynamic";

// Settings › Webhooks: project-level subscriptions, the signing secret, recent deliveries with Redeliver.
export default async function WebhooksPage() {
  const user = await adminOrNull("/settings/webhooks");
  if (!user) return <AdminOnly what="Settings" />;
  const db = await getDb();
  const [subscriptions, status, deliveries] = await Promise.all([
    listProjectSubscriptionsFor(db, user),
    webhookSecretStatusFor(db, user),
    listRecentDeliveriesFor(db, user),
  ]);
  return (
    <div className="stack config-stack">
      <div className="config-grid">
        <SubscriptionForm events={[...SUBSCRIBABLE_EVENTS]} />
        <SigningSecretPanel status={status} />
      </div>
      <section aria-labelledby="subs-h">
        <h2 id="subs-h">Subscriptions ({subscriptions.length})</h2>
        <p className="hint">
          Customer-level subscriptions receive events of every workflow. Definition- and run-level ones come from <code className="mono">config.subscriptions</code>.
        </p>
        {subscriptions.length ? <SubscriptionTable subscriptions={subscriptions} /> : <EmptyState title="No subscriptions yet">Add a receiver URL above.</EmptyState>}
      </section>
      <section aria-labelledby="deliveries-h">
        <h2 id="deliveries-h">Recent deliveries</h2>
        {deliveries.length ? (
          <DeliveryTable deliveries={deliveries} />
        ) : (
          <EmptyState title="No deliveries yet">Deliveries appear here when subscribed events happen.</EmptyState>
        )}
      </section>
    </div>
  );
}
