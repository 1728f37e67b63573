import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { EmptyState } from "@/components/ui/empty-state";
import { requireUser } from "@/lib/auth/require-user";
import { getDb } from "@/lib/db/client";
import { listFilters } from "@/lib/filters";

export const metadata: Metadata = { title: "Queues" };
export const dynamic = "force-dynamic";

const EXAMPLE = `curl -X POST "$BASE_URL/api/v1/external/filters" \\
  -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" \\
  -d '{
    "name": "KYB manual review",
    "entity": "businesses",
    "projectId": "default",
    "query": {
      "where": { "businessId": { "not": null }, "workflowDefinitionId": { "in": ["kyb_manual_review_example"] } },
      "select": { "id": true, "state": true, "status": true, "tags": true, "assigneeId": true, "createdAt": true,
                  "business": { "select": { "companyName": true, "registrationNumber": true } } }
    }
  }'`;

// The home page: the first queue, or how to create one when the project has none.
export default async function HomePage() {
  const user = await requireUser("/");
  const [first] = await listFilters(await getDb(), user.projectId);
  if (first) redirect(`/queues/${first.id}`);
  return (
    <>
      <div className="page-head">
        <h1>Queues</h1>
      </div>
      <EmptyState title="No queues yet">
        <p>A queue lists the cases a filter selects. Create one through the API; it appears in the sidebar at once.</p>
        <pre className="code">{EXAMPLE}</pre>
      </EmptyState>
    </>
  );
}
