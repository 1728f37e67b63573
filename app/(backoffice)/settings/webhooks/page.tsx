import type { Metadata } from "next";
import { DeliveryTable } from "@/components/settings/delivery-table";
import { SettingsList } from "@/components/settings/settings-list";
import { SigningSecretPanel } from "@/components/settings/signing-secret-panel";
import { SubscriptionForm } from "@/components/settings/subscription-form";
import { SubscriptionTable } from "@/components/settings/subscription-table";
import { listRecentDeliveriesFor } from "@/lib/webhooks/deliveries";
import { SUBSCRIBABLE_EVENTS } from "@/lib/webhooks/event-names";
import { getWebhookSecretStatusFor } from "@/lib/webhooks/rotate-secret";
import { listSubscriptionsFor } from "@/lib/webhooks/subscriptions";
import { settingsPage } from "../admin-page";

export const metadata: Metadata = { title: "Webhooks · Settings" };
export const dynamic = "force-dynamic";

const LEVELS = (
  <p className="hint">
    Customer-level subscriptions receive events of every workflow. Definition- and run-level ones come from <code className="mono">config.subscriptions</code>.
  </p>
);

// Settings › Webhooks: project-level subscriptions, the signing secret, recent deliveries with Redeliver.
export default settingsPage("/settings/webhooks", async (caller, db) => {
  const [subscriptions, status, deliveries] = await Promise.all([listSubscriptionsFor(db, caller), getWebhookSecretStatusFor(db, caller), listRecentDeliveriesFor(db, caller)]);
  return (
    <>
      <div className="config-grid">
        <SubscriptionForm events={[...SUBSCRIBABLE_EVENTS]} />
        <SigningSecretPanel status={status} />
      </div>
      <SettingsList id="subs" title={`Subscriptions (${subscriptions.length})`} intro={LEVELS} count={subscriptions.length} empty={{ title: "No subscriptions yet", hint: "Add a receiver URL above." }}>
        <SubscriptionTable subscriptions={subscriptions} />
      </SettingsList>
      <SettingsList id="deliveries" title="Recent deliveries" count={deliveries.length} empty={{ title: "No deliveries yet", hint: "Deliveries appear here when subscribed events happen." }}>
        <DeliveryTable deliveries={deliveries} />
      </SettingsList>
    </>
  );
});
