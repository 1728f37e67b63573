import type { Metadata } from "next";
import { DefinitionTable } from "@/components/definitions/definition-table";
import { EmptyState } from "@/components/ui/empty-state";
import { requireUser } from "@/lib/auth/require-user";
import { getDb } from "@/lib/db/client";
import { listLatestDefinitions } from "@/lib/definitions";

export const metadata: Metadata = { title: "Definitions" };
export const dynamic = "force-dynamic";

// Definitions: the latest version of each workflow definition of the project.
export default async function DefinitionsPage() {
  const user = await requireUser("/workflows");
  const rows = await listLatestDefinitions(await getDb(), user.projectId);
  return (
    <>
      <div className="page-head">
        <h1>Definitions</h1>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No workflow definitions yet">
          <p>
            Create one with <code className="mono">POST /api/v1/external/workflow-definitions</code>; it appears here at once.
          </p>
        </EmptyState>
      ) : (
        <DefinitionTable rows={rows.map((r) => ({ id: r.id, name: r.name, version: r.version, createdAt: r.createdAt.toISOString() }))} />
      )}
    </>
  );
}
