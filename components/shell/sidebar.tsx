import Link from "next/link";
import { Suspense } from "react";
import type { SessionUser } from "@/lib/auth/session";
import type { FilterResponse } from "@/lib/filters";
import type { QueueCount as Counts } from "@/lib/queues/queue-counts";
import { NavLink } from "./nav-link";
import { QueueCount } from "./queue-count";
import { UserMenu } from "./user-menu";

/**
 * The backoffice navigation: the project's queues (filters) with their open-case counts, links to the
 * Definitions, Workload and (for admins) Settings sections, and the user menu. `counts` streams in after the names.
 */
export function Sidebar({ user, filters, counts }: { user: SessionUser; filters: FilterResponse[]; counts: Promise<QueueCounts> }) {
  return (
    <nav className="sidebar" aria-label="Backoffice">
      <Link href="/" className="brand">
        Case management
      </Link>
      <div>
        <h2 id="queues-heading">Queues</h2>
        {filters.length === 0 ? (
          <p className="muted">No queues yet.</p>
        ) : (
          <Suspense fallback={<QueueList filters={filters} />}>
            <QueueListWithCounts filters={filters} counts={counts} />
          </Suspense>
        )}
      </div>
      <div>
        <h2>Configuration</h2>
        <ul>
          <li>
            <NavLink href="/workflows" label="Definitions" />
          </li>
          <li>
            <NavLink href="/workload" label="Workload" />
          </li>
          {user.role === "admin" && (
            <li>
              <NavLink href="/settings" label="Settings" />
            </li>
          )}
          {(user.role === "admin" || user.role === "auditor") && (
            <li>
              <NavLink href="/audit" label="Audit" />
            </li>
          )}
        </ul>
      </div>
      <UserMenu name={user.name} email={user.email} role={user.role} />
    </nav>
  );
}

type QueueCounts = Record<string, Counts | null>;

async function QueueListWithCounts({ filters, counts }: { filters: FilterResponse[]; counts: Promise<QueueCounts> }) {
  return <QueueList filters={filters} counts={await counts} />;
}

function QueueList({ filters, counts }: { filters: FilterResponse[]; counts?: QueueCounts }) {
  return (
    <ul aria-labelledby="queues-heading" data-testid="queue-list">
      {filters.map((f) => (
        <li key={f.id}>
          <NavLink href={`/queues/${f.id}`} label={f.name}>
            <QueueCount value={counts?.[f.id]} />
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
