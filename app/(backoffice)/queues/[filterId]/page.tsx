import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { BulkQueue } from "@/components/queues/bulk/bulk-queue";
import { CaseTable } from "@/components/queues/case-table";
import { Pager } from "@/components/queues/pager";
import { QueueToolbar } from "@/components/queues/queue-toolbar";
import { EmptyState } from "@/components/ui/empty-state";
import { Truncate } from "@/components/ui/truncate";
import { requireUser } from "@/lib/auth/require-user";
import { listQueueCases } from "@/lib/queues/list-queue-cases";
import { queueColumns } from "@/lib/queues/queue-columns";
import { parseQueueParams, queueHref, QUEUE_PAGE_SIZE } from "@/lib/queues/queue-params";
import { AppError } from "@/lib/errors";
import { queueStateNames } from "@/lib/queues/queue-state-names";
import { queueWorkflowIds } from "@/lib/queues/queue-workflow-ids";
import { getDb } from "@/lib/db/client";
import { queueAccess, visibleCases } from "@/lib/queues/queue-access";
import type { UserRole } from "@/lib/db/schema/users";
import { listUsers } from "@/lib/users/list-users";
import { queueApprovals } from "@/lib/queues/queue-approvals";

type Props = { params: Promise<{ filterId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = "force-dynamic";

/** The time this request renders at, for the Due column's first render. */
const renderedAt = () => Date.now();

// One load per request, shared by generateMetadata and the page: the queue if the user sees it (queue teams), and the cases they may open.
const loadQueue = cache(async (projectId: string, userId: string, role: UserRole, filterId: string) => {
  const access = await queueAccess(await getDb(), { id: userId, projectId, role });
  return { filter: access.visible.find((f) => f.id === filterId.toLowerCase()) ?? null, visible: visibleCases(access) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUser();
  const { filter } = await loadQueue(user.projectId, user.id, user.role, (await params).filterId);
  return { title: filter?.name ?? "Queue" };
}

// A queue: the cases its filter selects, with search, quick filters, sorting and keyset pagination.
export default async function QueuePage({ params, searchParams }: Props) {
  const { filterId } = await params;
  const user = await requireUser(`/queues/${filterId}`);
  const db = await getDb();
  const { filter, visible } = await loadQueue(user.projectId, user.id, user.role, filterId);
  if (!filter) notFound();
  const query = parseQueueParams(await searchParams);
  const workflowIds = queueWorkflowIds(filter.query);
  const [page, states, users] = await Promise.all([
    listQueueCases(db, user, filter, query, visible).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "invalid_cursor") return null;
      throw error;
    }),
    queueStateNames(db, user.projectId, workflowIds),
    listUsers(db, user.projectId, { activeOnly: true }),
  ]);
  // A tampered or outdated cursor restarts from the first page instead of failing.
  if (!page) redirect(queueHref(filter.id, query, { cursor: undefined, trail: undefined }));
  const approvals = await queueApprovals(db, user.projectId, page.rows);
  const columns = queueColumns(filter.entity, filter.query);
  const filtered = Boolean(query.q || query.assignee || query.state || query.status || query.due);
  const action = `/queues/${filter.id}`;
  // Bulk actions (components/queues/bulk): auditors decide nothing, so they get the table without checkboxes.
  const selectable = user.role !== "auditor";
  const view = { q: query.q, assignee: query.assignee, state: query.state, status: query.status, due: query.due };
  const assignees = users.filter((u) => u.role !== "auditor").map((u) => ({ id: u.id, name: u.name }));
  return (
    <>
      <div className="page-head">
        <h1 title={filter.name}>
          <Truncate text={filter.name} />
        </h1>
      </div>
      <QueueToolbar key={JSON.stringify(query)} action={action} values={query} states={states} users={users} />
      {page.rows.length === 0 ? (
        <EmptyState title={filtered ? "No cases match" : "No cases in this queue yet"}>
          {filtered ? (
            <p>
              Change the search or quick filters, or <Link href={action}>show all cases</Link>.
            </p>
          ) : (
            <p>Cases appear here when a workflow run matches this queue&apos;s filter. Add one manually below.</p>
          )}
        </EmptyState>
      ) : (
        <>
          <BulkQueue filterId={filter.id} pageIds={page.rows.map((r) => r.id)} view={view} assignees={assignees} me={{ id: user.id, role: user.role }}>
            <CaseTable rows={page.rows} columns={columns} entityLabel={filter.entity === "businesses" ? "Company" : "Person"} now={renderedAt()} approvals={approvals} selectable={selectable} />
          </BulkQueue>
          <Pager filterId={filter.id} params={query} nextCursor={page.nextCursor} shown={page.rows.length} pageSize={QUEUE_PAGE_SIZE} />
        </>
      )}
      <div className="list-footer">
        {workflowIds.length > 0 ? (
          // A plain link: the form's page is a new document with its own policy (EVAL_PAGES in security-headers.mjs).
          <a className="btn" href={`/queues/${filter.id}/new`}>
            Add Case Manually
          </a>
        ) : (
          <span className="hint">This queue&apos;s filter names no workflow, so cases cannot be added here.</span>
        )}
      </div>
    </>
  );
}
