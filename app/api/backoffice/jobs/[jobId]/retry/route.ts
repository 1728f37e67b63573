import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { retryJob } from "@/lib/jobs/failed-jobs";

export const dynamic = "force-dynamic";

// POST /api/backoffice/jobs/{jobId}/retry – admins: run a failed job again (Settings › Failed jobs)
export const POST = withSession<{ jobId: string }>(
  async (_req, { user, params }) => {
    const job = await retryJob(await getDb(), { projectId: user.projectId, jobId: params.jobId, actor: { type: "reviewer", id: user.id } });
    return Response.json(job);
  },
  { adminOnly: true },
);
