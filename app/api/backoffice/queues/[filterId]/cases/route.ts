import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { createRuntimeFromForm } from "@/lib/review/create-runtime-from-form";
import { createRuntimeRequestSchema } from "@/lib/review/request-schemas";
import { getDb } from "@/lib/db/client";
import { getFilterOrThrow } from "@/lib/filters";

export const dynamic = "force-dynamic";

// POST /api/backoffice/queues/{filterId}/cases – Add Case Manually: start the queue's workflow and send `start`
export const POST = withSession<{ filterId: string }>(async (req, { user, params }) => {
  const body = await readJsonBody(req, createRuntimeRequestSchema, { maxBytes: 200_000 });
  const db = await getDb();
  const filter = await getFilterOrThrow(db, user.projectId, params.filterId);
  const created = await createRuntimeFromForm(db, { user, filter, values: body.values });
  return Response.json(created, { status: 201, headers: { Location: `/cases/${created.runtimeId}` } });
});
