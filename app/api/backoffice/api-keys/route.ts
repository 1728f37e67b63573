import { createHandler, listHandler } from "@/app/api/_handlers/resource";
import { createApiKeyFor, createApiKeyRequestSchema, listApiKeysFor } from "@/lib/api-keys";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// GET /api/backoffice/api-keys – the project's keys (prefix and dates; never the key)
export const GET = withSession(listHandler(listApiKeysFor), { adminOnly: true });

// POST /api/backoffice/api-keys – create a key; the answer carries the key, shown once
export const POST = withSession(createHandler(createApiKeyRequestSchema, createApiKeyFor, { maxBytes: 10_000 }), { adminOnly: true });
