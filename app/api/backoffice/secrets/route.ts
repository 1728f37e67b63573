import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { listSecretsFor } from "@/lib/secrets";

export const dynamic = "force-dynamic";

// GET /api/backoffice/secrets – names and dates of the project's secrets; never the values
export const GET = withSession(async (_req, { caller }) => Response.json({ data: await listSecretsFor(await getDb(), caller) }), { adminOnly: true });
