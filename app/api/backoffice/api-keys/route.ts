import { readJsonBody } from "@/lib/api/http/read-json";
import { createApiKeyFor, createApiKeyRequestSchema, listApiKeysFor } from "@/lib/api-keys";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

// GET /api/backoffice/api-keys – the project's keys (prefix and dates; never the key)
export const GET = withSession(async (_req, { caller }) => Response.json({ data: await listApiKeysFor(await getDb(), caller) }), { adminOnly: true });

// POST /api/backoffice/api-keys – create a key; the answer carries the key, shown once
export const POST = withSession(
  async (req, { caller }) => {
    const body = await readJsonBody(req, createApiKeyRequestSchema, { maxBytes: 10_000 });
    return Response.json(await createApiKeyFor(await getDb(), caller, body), { status: 201 });
  },
  { adminOnly: true },
);
