import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { EmptyState } from "@/components/ui/empty-state";
import { requireUser } from "@/lib/auth/require-user";
import { getDb } from "@/lib/db/client";
import { queueAccess } from "@/lib/queues/queue-access";

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

// The home page: the first queue the user sees, or how to create one when the project has none.
export default async function HomePage() {
  const user = await requireUser("/");
  const { visible, hidden } = await queueAccess(await getDb(), user);
  if (visible[0]) redirect(`/queues/${visible[0].id}`);
  if (hidden.length) {
    return (
      <>
        <div className="page-head">
          <h1>Queues</h1>
        </div>
        <EmptyState title="No queues for you yet">
          <p>Every queue of this project is kept for teams you are not in. Ask an admin to add you to a team.</p>
        </EmptyState>
      </>
    );
  }
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
