"use client";

import { ErrorState } from "@/components/ui/error-state";

export default function BackofficeError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorState title="This page could not be loaded" error={error} reset={reset} />;
}
