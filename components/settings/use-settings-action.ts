"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ApiProblem } from "@/components/ui/api-client";

/**
 * A settings change: run `fn`, then re-render the page's server components (the lists) and call `onDone`.
 * `error` is an `ApiProblem` whose message is safe to show.
 */
export function useSettingsAction<Vars = void, Result = unknown>(fn: (vars: Vars) => Promise<Result>, onDone?: (result: Result, vars: Vars) => void) {
  const router = useRouter();
  return useMutation<Result, ApiProblem, Vars>({
    mutationFn: fn,
    onSuccess: (result, vars) => {
      onDone?.(result, vars);
      router.refresh();
    },
  });
}
