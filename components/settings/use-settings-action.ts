"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ApiProblem } from "@/components/ui/api-client";

/** A settings action bound to what it acts on (a row of a table, or nothing), for `ConfirmButton` and `RowButton`. */
export interface BoundAction {
  /** True while the action runs for the same row. */
  pending: boolean;
  run: () => void;
}

/**
 * A settings change: run `fn`, then re-render the page's server components (the lists) and call `onDone`.
 * `error` is an `ApiProblem` whose message is safe to show. `on(vars)` binds the action to what it acts on, e.g.
 * one row of a table; `rowOf` names the row `vars` act on when they are more than its id (default: `vars` themselves).
 *
 * @example
 * const revoke = useSettingsAction((id: string) => sendJson("DELETE", `/api/backoffice/api-keys/${id}`));
 * <ConfirmButton label="Revoke" question="Revoke it?" action={revoke.on(key.id)} />
 */
export function useSettingsAction<Vars = void, Result = unknown>(
  fn: (vars: Vars) => Promise<Result>,
  onDone?: (result: Result, vars: Vars) => void,
  rowOf: (vars: Vars) => unknown = (vars) => vars,
) {
  const router = useRouter();
  const mutation = useMutation<Result, ApiProblem, Vars>({
    mutationFn: fn,
    onSuccess: (result, vars) => {
      onDone?.(result, vars);
      router.refresh();
    },
  });
  const on = (vars: Vars): BoundAction => ({
    pending: mutation.isPending && rowOf(mutation.variables as Vars) === rowOf(vars),
    run: () => mutation.mutate(vars),
  });
  return { ...mutation, on };
}
