"use client";

import { useState } from "react";
import { formatTime } from "@/components/ui/time";
import { ConfirmButton } from "./confirm-button";
import { FormProblem } from "./form-problem";
import { sendJson } from "@/components/ui/api-client";
import { ShownOnce } from "./shown-once";
import { useSettingsAction } from "./use-settings-action";

export interface SecretStatus {
  configured: boolean;
  fingerprint: string | null;
  previous: { fingerprint: string; validUntil: string } | null;
}

/**
 * The project's webhook signing secret: its fingerprint (never the value) and Rotate, which shows the new
 * secret once. The previous secret keeps signing alongside for 24 hours so receivers can switch.
 */
export function SigningSecretPanel({ status }: { status: SecretStatus }) {
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useSettingsAction(() => sendJson<{ secret: string }>("POST", "/api/backoffice/webhooks/secret/rotate"), (r) => setSecret(r.secret));
  return (
    <section className="panel" aria-labelledby="signing-h" data-testid="signing-secret">
      <h2 id="signing-h">Signing secret</h2>
      <dl className="fields">
        <dt>Status</dt>
        <dd>{status.configured ? "configured" : "not set: deliveries are unsigned until you rotate"}</dd>
        {status.fingerprint && (
          <>
            <dt>Fingerprint</dt>
            <dd className="mono" data-testid="secret-fingerprint">
              {status.fingerprint}
            </dd>
          </>
        )}
        {status.previous && (
          <>
            <dt>Previous</dt>
            <dd>
              <span className="mono">{status.previous.fingerprint}</span>, also signing until {formatTime(status.previous.validUntil)}
            </dd>
          </>
        )}
      </dl>
      <p className="hint">Receivers verify the signature headers of each delivery with this secret (Standard Webhooks).</p>
      {secret ? (
        <ShownOnce label="New signing secret" value={secret} onDismiss={() => setSecret(null)} />
      ) : (
        <ConfirmButton
          label={status.configured ? "Rotate secret" : "Create secret"}
          question={status.configured ? "Rotate? The current secret keeps signing for 24 hours, then only the new one signs." : "Create a signing secret?"}
          confirmLabel={status.configured ? "Yes, rotate" : "Yes, create"}
          action={rotate.on()}
        />
      )}
      <FormProblem problem={rotate.error} />
    </section>
  );
}
