import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { listSecrets } from "@/lib/secrets";

export const dynamic = "force-dynamic";

// GET /api/v1/external/secrets – names and dates of the project's secrets (never values)
export const GET = withApiKey(async (_req, { auth }) => Response.json({ data: await listSecrets(await getDb(), auth.projectId) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
