import { randomUUID } from "node:crypto";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import type { Metadata } from "next";
import Link from "next/link";
import { forbidden, notFound } from "next/navigation";
import { AddCaseForm } from "@/components/forms/add-case-form";
import { EmptyState } from "@/components/ui/empty-state";
import { Truncate } from "@/components/ui/truncate";
import { requireUser } from "@/lib/auth/require-user";
import { findQueueFor } from "@/lib/queues/queue-access";
import { findInputSchema, initialFormData, toRjsfUiSchema } from "@/lib/review/input-schema";
import { queueWorkflowIds } from "@/lib/queues/queue-workflow-ids";
import { getDb } from "@/lib/db/client";
import { findDefinition } from "@/lib/definitions";

export const metadata: Metadata = { title: "Add case" };
export const dynamic = "force-dynamic";

// Add Case Manually: the form of the queue's workflow (initial state's meta.inputSchema). Submitting starts the
// workflow and sends `start`, so the case leaves the initial state at once (see lib/review/create-runtime-from-form.ts).
export default async function AddCasePage({ params }: { params: Promise<{ filterId: string }> }) {
  const { filterId } = await params;
  const user = await requireUser(`/queues/${filterId}/new`);
  if (user.role === "auditor") forbidden();
  const db = await getDb();
  const filter = await findQueueFor(db, user, filterId);
  if (!filter) notFound();
  const [workflowId] = queueWorkflowIds(filter.query);
  const definition = workflowId ? await findDefinition(db, user.projectId, workflowId) : null;
  const form = definition ? findInputSchema(definition.definition) : null;
  return (
    <>
      <div className="breadcrumb">
        <Link href={`/queues/${filter.id}`}>
          <Truncate text={filter.name} />
        </Link>
      </div>
      <div className="page-head">
        <h1>Add case manually</h1>
      </div>
      {!definition || !form ? (
        <EmptyState title="No form for this queue">
          <p>
            {workflowId
              ? `The workflow '${workflowId}' has no input schema (meta.inputSchema) in its initial state.`
              : "This queue's filter does not name a workflow (where.workflowDefinitionId)."}
          </p>
        </EmptyState>
      ) : (
        <div className="panel">
          <p className="hint">
            Starts <strong>{definition.name}</strong> (version {definition.version}) with these details and sends <code>start</code>, so the
            checks run at once.
          </p>
          <AddCaseForm
            action={`/api/backoffice/queues/${filter.id}/cases`}
            schema={form.dataSchema as RJSFSchema}
            uiSchema={toRjsfUiSchema(form.uiSchema) as UiSchema}
            initialData={initialFormData(form, randomUUID())}
          />
        </div>
      )}
    </>
  );
}
