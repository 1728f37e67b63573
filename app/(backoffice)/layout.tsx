import type { ReactNode } from "react";
import { Sidebar } from "@/components/shell/sidebar";
import { QueryProvider } from "@/components/shell/query-provider";
import { requireUser } from "@/lib/auth/require-user";
import { openRuntimeCounts } from "@/lib/queues/queue-counts";
import { getDb } from "@/lib/db/client";
import { listFilters } from "@/lib/filters";
import "./backoffice.css";

export const dynamic = "force-dynamic";

// Every backoffice page also checks the session itself; this check guards the shell.
export default async function BackofficeLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const db = await getDb();
  const filters = await listFilters(db, user.projectId);
  // Not awaited: the counts stream into the sidebar after the queue names.
  const counts = filters.length ? openRuntimeCounts(db, user.projectId, filters) : Promise.resolve({});
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
