"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ApiProblem, postJson } from "@/components/ui/api-client";

/**
 * A change to the case (decision, document decision, assignment) through a backoffice route. On success the
 * page's server components re-render (new state, new version); on failure `error` is an `ApiProblem` whose
 * `detail` is safe to show — `version_conflict` (412) means the page is stale.
 */
export function useCaseAction<Body>(url: string, onDone?: () => void) {
  const router = useRouter();
  return useMutation<unknown, ApiProblem, Body>({
    mutationFn: (body) => postJson(url, body),
    onSuccess: () => {
      onDone?.();
      router.refresh();
    },
  });
}
