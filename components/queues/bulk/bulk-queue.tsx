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
 * of the operation started. Auditors get the table alone. When the operation ends and is closed, the page reloads.
 */
export function BulkQueue({ filterId, pageIds, view, assignees, me, children }: Props) {
  const router = useRouter();
  const [operation, setOperation] = useState<BulkOperationView | null>(null);
  if (me.role === "auditor") return <>{children}</>;
  return (
    <BulkSelectionProvider key={pageIds.join()} pageIds={pageIds}>
      {operation ? (
        <BulkProgress
          started={operation}
          assignees={assignees}
          onClose={() => {
            setOperation(null);
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
