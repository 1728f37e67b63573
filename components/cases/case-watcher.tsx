"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { getJson } from "@/components/ui/api-client";

/**
 * Polls the case's version. While the case waits for a plugin call (or offers no events) it refreshes the page as
 * soon as the case moves; otherwise it only tells the reviewer that the case changed elsewhere, so nothing
 * they are reading or typing shifts under them.
 */
export function CaseWatcher({ runtimeId, version, waiting }: { runtimeId: string; version: number; waiting: boolean }) {
  const router = useRouter();
  const refreshedFor = useRef(0);
  const { data } = useQuery({
    queryKey: ["case-version", runtimeId],
    queryFn: () => getJson<{ version: number; state: string }>(`/api/backoffice/cases/${runtimeId}`),
    refetchInterval: waiting ? 1_000 : 10_000,
  });
  const changed = !!data && data.version > version;
  useEffect(() => {
    if (changed && waiting && refreshedFor.current !== data.version) {
      refreshedFor.current = data.version;
      router.refresh();
    }
  }, [changed, waiting, data, router]);
  if (!changed || waiting) return null;
  return (
    <div className="banner banner-info" role="status" data-testid="case-changed">
      <strong>This case changed since you opened it</strong>
      It is now in “{data.state}”. Reload to see the latest before deciding.
      <button className="btn btn-small" type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
