import { listHandler } from "@/app/api/_handlers/resource";
import { withSession } from "@/lib/auth/with-session";
import { listSecretsFor } from "@/lib/secrets";

export const dynamic = "force-dynamic";

// GET /api/backoffice/secrets – names and dates of the project's secrets; never the values
export const GET = withSession(listHandler(listSecretsFor), { adminOnly: true });
