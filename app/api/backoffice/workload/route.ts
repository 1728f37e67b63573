import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { workload } from "@/lib/queues/workload";

export const dynamic = "force-dynamic";

// GET /api/backoffice/workload – open cases per person of the project, and the open cases nobody holds
export const GET = withSession(async (_req, { caller }) => Response.json(await workload(await getDb(), caller.projectId)));
