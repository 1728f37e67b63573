import type { ReactNode } from "react";
import { Sidebar } from "@/components/shell/sidebar";
import { QueryProvider } from "@/components/shell/query-provider";
import { requireUser } from "@/lib/auth/require-user";
import { openRuntimeCounts } from "@/lib/queues/queue-counts";
import { queueAccess, visibleCases } from "@/lib/queues/queue-access";
import { getDb } from "@/lib/db/client";
import "./backoffice.css";

export const dynamic = "force-dynamic";

// Every backoffice page also checks the session itself; this check guards the shell.
export default async function BackofficeLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const db = await getDb();
  // The queues the user sees, counting only the cases they may open (queue teams).
  const access = await queueAccess(db, user);
  const filters = access.visible;
  // Not awaited: the counts stream into the sidebar after the queue names.
  const counts = filters.length ? openRuntimeCounts(db, user.projectId, filters, visibleCases(access)) : Promise.resolve({});
  return (
    <QueryProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="shell">
        <Sidebar user={user} filters={filters} counts={counts} />
        <main id="main" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </QueryProvider>
  );
}
