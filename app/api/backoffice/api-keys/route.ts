import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { createApiKeyFor, createApiKeyRequestSchema, listApiKeysFor } from "@/lib/settings/api-key-settings";

export const dynamic = "force-dynamic";

// GET /api/backoffice/api-keys – the project's keys (prefix and dates; never the key)
export const GET = withSession(async (_req, { user }) => Response.json({ data: await listApiKeysFor(await getDb(), user) }), { adminOnly: true });

// POST /api/backoffice/api-keys – create a key; the answer carries the key, shown once
export const POST = withSession(
  async (req, { user }) => {
    const body = await readJsonBody(req, createApiKeyRequestSchema, { maxBytes: 10_000 });
    return Response.json(await createApiKeyFor(await getDb(), user, body), { status: 201 });
  },
  { adminOnly: true },
);
