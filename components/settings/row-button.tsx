"use client";

import type { BoundAction } from "./use-settings-action";

interface Props {
  label: string;
  /** The text while the action runs, e.g. "Queuing…" (default: `label`). */
  pendingLabel?: string;
  /** Accessible name when `label` alone is ambiguous in a table ("Pause https://…"). */
  ariaLabel?: string;
  /** See `useSettingsAction`'s `on`. */
  action: BoundAction;
  /** The row's main action (a filled button) rather than a secondary one. */
  primary?: boolean;
}

/** A row's action that needs no confirmation (pause, redeliver, reactivate): disabled while it runs for the row. */
export function RowButton({ label, pendingLabel = label, ariaLabel, action, primary }: Props) {
  return (
    <button type="button" className={primary ? "btn btn-small" : "btn btn-small btn-secondary"} aria-label={ariaLabel} disabled={action.pending} onClick={action.run}>
      {action.pending ? pendingLabel : label}
    </button>
  );
}
