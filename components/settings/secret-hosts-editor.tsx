"use client";

import { useEffect, useId, useRef, useState } from "react";
import { sendJson } from "@/components/ui/api-client";
import { useMounted } from "@/components/ui/use-clock";
import type { SecretInfo } from "@/lib/secrets";
import { hostListError, parseHostList } from "./host-list";
import { useSettingsAction } from "./use-settings-action";

/**
 * A secret's host binding, edited in its row: "Bind to hosts" (unbound) or "Edit hosts" opens an input with the
 * current list; saving an empty list unbinds the secret. The server's message for a bad host is shown under it.
 */
export function SecretHostsEditor({ secret }: { secret: SecretInfo }) {
  const id = useId();
  const hydrated = useMounted();
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const save = useSettingsAction(
    (allowedHosts: string[] | null) => sendJson("PATCH", `/api/backoffice/secrets/${encodeURIComponent(secret.name)}`, { allowedHosts }),
    () => setEditing(false),
  );
  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);
  if (!editing) {
    return (
      <button
        type="button"
        className={secret.allowedHosts ? "btn btn-small btn-secondary" : "btn btn-small"}
        aria-label={`${secret.allowedHosts ? "Edit hosts of" : "Bind to hosts"} ${secret.name}`}
        onClick={() => {
          setTyped(secret.allowedHosts?.join(", ") ?? "");
          save.reset();
          setEditing(true);
        }}
      >
        {secret.allowedHosts ? "Edit hosts" : "Bind to hosts"}
      </button>
    );
  }
  const error = hostListError(save.error) ?? save.error?.message;
  return (
    <form
      className="confirm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(parseHostList(typed));
      }}
      onKeyDown={(e) => e.key === "Escape" && setEditing(false)}
    >
      <input
        ref={inputRef}
        id={`${id}-hosts`}
        type="text"
        className="mono"
        aria-label={`Hosts of ${secret.name}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder="api.vendor.example, *.vendor.example"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <button type="submit" className="btn btn-small" disabled={!hydrated || save.isPending}>
        {save.isPending ? "Saving…" : "Save hosts"}
      </button>
      <button type="button" className="btn btn-small btn-secondary" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </form>
  );
}
