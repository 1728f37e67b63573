import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CaseHeader } from "@/components/cases/case-header";
import { CaseWatcher } from "@/components/cases/case-watcher";
import { DocumentsPanel } from "@/components/cases/documents-panel";
import { EditDataForm } from "@/components/cases/edit-data-form";
import { EntityPanel } from "@/components/cases/entity-panel";
import { JsonTree } from "@/components/cases/json-tree";
import { NotesPanel } from "@/components/cases/notes-panel";
import { ReviewBanner } from "@/components/cases/review-banner";
import { decisionBlocker, ReviewPanel } from "@/components/cases/review-panel";
import { Timeline } from "@/components/cases/timeline";
import { VendorCheckPanel } from "@/components/cases/vendor-check-panel";
import { StatechartDiagram } from "@/components/workflows/statechart-diagram";
import { requireUser } from "@/lib/auth/require-user";
import { editFormOf, editFormValues } from "@/lib/review/edit-form";
import { subjectName, loadRuntimeDetail } from "@/lib/review/runtime-detail";
import { statePaths } from "@/lib/review/state-paths";
import { getDb } from "@/lib/db/client";
import type { UserRole } from "@/lib/db/schema/users";
import { isCaseHiddenFrom } from "@/lib/queues/queue-access";

type Props = { params: Promise<{ runtimeId: string }> };

/** The time this request renders at, for relative times' first render. */
const renderedAt = () => Date.now();

export const dynamic = "force-dynamic";

// One load per request, shared by generateMetadata and the page.
// A case hidden from the user by queue teams is not found (lib/queues/queue-access.ts).
const loadCase = cache(async (projectId: string, runtimeId: string, viewerId: string, role: UserRole) => {
  const db = await getDb();
  return (await isCaseHiddenFrom(db, { id: viewerId, projectId, role }, runtimeId)) ? null : loadRuntimeDetail(db, projectId, runtimeId, viewerId);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUser();
  const detail = await loadCase(user.projectId, (await params).runtimeId, user.id, user.role);
  return { title: detail ? subjectName(detail) : "Case" };
}

// Case detail and manual review: entity, reason, documents, vendor checks, timeline, statechart, decisions.
export default async function CasePage({ params }: Props) {
  const { runtimeId } = await params;
  const user = await requireUser(`/cases/${runtimeId}`);
  const detail = await loadCase(user.projectId, runtimeId, user.id, user.role);
  if (!detail) notFound();
  const { view, definition, users } = detail;
  const names = new Map(users.map((u) => [u.id, u.name]));
  const nameOf = (id: string) => names.get(id) ?? `user ${id.slice(0, 8)}`;
  const assigneeName = view.assigneeId ? nameOf(view.assigneeId) : null;
  const canDecide = view.status === "active" && decisionBlocker(view, user, assigneeName) === null;
  // Waiting for a vendor (a pending plugin call), or in a state no one can act on: follow the case as it moves.
  const waiting = view.status === "active" && (detail.awaitingPlugin || view.nextEvents.length === 0);
  const editForm = view.status === "active" && canDecide ? editFormOf(definition) : null;
  return (
    <>
      <div className="breadcrumb">
        <Link href="/">Queues</Link> / case {view.id}
      </div>
      <CaseHeader
        name={subjectName(detail)}
        view={view}
        workflowName={definition.name}
        entityId={detail.business?.correlationId ?? detail.endUser?.correlationId ?? null}
        deadline={detail.deadline}
        now={renderedAt()}
      />
      <ReviewBanner view={view} reviewerName={nameOf} />
      <CaseWatcher runtimeId={view.id} version={view.version} waiting={waiting} />
      <div className="case-grid">
        <div className="stack">
          <EntityPanel entity={view.context.entity} />
          {editForm && <EditDataForm key={view.version} runtimeId={view.id} version={view.version} form={editForm} values={editFormValues(editForm, view.context)} />}
          <VendorCheckPanel plugins={detail.apiPlugins} context={view.context} />
          <DocumentsPanel documents={view.context.documents} runtimeId={view.id} version={view.version} canDecide={canDecide} earlier={detail.earlierDocuments} />
          <section className="panel" aria-labelledby="diagram-heading">
            <h2 id="diagram-heading">Workflow</h2>
            <StatechartDiagram statechart={definition.definition} current={view.state} title={`Statechart of ${definition.name} v${definition.version}`} />
          </section>
          <Timeline entries={detail.history} truncated={detail.historyTruncated} nameOf={nameOf} notes={detail.notes} />
          <section className="panel" aria-labelledby="context-heading">
            <h2 id="context-heading">Context</h2>
            <JsonTree value={view.context} name="context" openDepth={1} />
          </section>
        </div>
        <div className="stack side">
          <ReviewPanel view={view} user={user} users={users} states={statePaths(definition.definition)} eligibility={detail.eligibility} />
          {/* Auditors read the notes in the timeline; they write none. */}
          {user.role !== "auditor" && <NotesPanel runtimeId={view.id} notes={detail.notes} more={detail.moreNotes} />}
        </div>
      </div>
    </>
  );
}
