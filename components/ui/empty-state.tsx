import type { ReactNode } from "react";

/** A calm box for "nothing here yet" with an optional next step. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty" role="status">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** Placeholder bars while a page streams in (announced to screen readers once). */
export function LoadingBlock({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="muted">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" style={{ width: `${90 - ((i * 13) % 40)}%` }} />
      ))}
    </div>
  );
}
