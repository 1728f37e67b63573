"use client";

import { ErrorState } from "@/components/ui/error-state";

export default function CaseError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorState title="This case could not be loaded" error={error} reset={reset} />;
}
