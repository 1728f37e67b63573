import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { compileFilterQuery } from "@/lib/filters";
import { countMatchingRuntimes } from "@/lib/filters/matching-runtimes";
import { parseQueueParams } from "@/lib/queues/queue-params";
import { queueSelection } from "@/lib/queues/queue-selection";

export const dynamic = "force-dynamic";

// GET /api/backoffice/queues/{filterId}/count – how many cases the queue shows with the page's quick filters and search, on all its pages
export const GET = withSession<{ filterId: string }>(async (req, { user, params }) => {
  const db = await getDb();
  const view = parseQueueParams(Object.fromEntries(new URL(req.url).searchParams));
  const { filter, narrow } = await queueSelection(db, user, params.filterId, { view });
  return Response.json({ count: await countMatchingRuntimes(db, user.projectId, compileFilterQuery(filter.entity, filter.query), narrow) });
});
