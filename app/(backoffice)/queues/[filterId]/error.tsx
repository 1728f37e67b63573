"use client";

import { ErrorState } from "@/components/ui/error-state";

export default function QueueError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorState title="This queue could not be loaded" error={error} reset={reset} />;
}
