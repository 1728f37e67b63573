"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { BulkBar } from "./bulk-bar";
import { BulkProgress } from "./bulk-progress";
import { BulkSelectionProvider } from "./bulk-selection";
import type { Assignee, BulkOperationView, BulkUser, QueueView } from "./bulk-types";
import "./bulk.css";

interface Props {
  filterId: string;
  /** The ids of the cases on this page, in order. */
  pageIds: string[];
  view: QueueView;
  assignees: Assignee[];
  me: BulkUser;
  /** The queue's table, whose `SelectCase`/`SelectPage` checkboxes read the selection. */
  children: ReactNode;
}

/**
 * Bulk actions on a queue page: the selection behind the table's checkboxes, the bar to act on it, and the progress
 * of the operation started. Auditors get the table alone. When the operation ends and is closed, the page reloads
 * and the selection is cleared.
 */
export function BulkQueue({ filterId, pageIds, view, assignees, me, children }: Props) {
  const router = useRouter();
  const [operation, setOperation] = useState<BulkOperationView | null>(null);
  // Bumped when an operation is closed: the selection starts afresh even when the reloaded page shows the same cases.
  const [round, setRound] = useState(0);
  if (me.role === "auditor") return <>{children}</>;
  return (
    <BulkSelectionProvider key={`${round}:${pageIds.join()}`} pageIds={pageIds}>
      {operation ? (
        <BulkProgress
          started={operation}
          assignees={assignees}
          onFinished={() => router.refresh()}
          onClose={() => {
            setOperation(null);
            setRound((r) => r + 1);
            router.refresh();
          }}
        />
      ) : (
        <BulkBar filterId={filterId} view={view} assignees={assignees} me={me} onStarted={setOperation} />
      )}
      {children}
    </BulkSelectionProvider>
  );
}
