import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { deleteSecretFor, setSecretFor, setSecretRequestSchema } from "@/lib/settings/secret-settings";

export const dynamic = "force-dynamic";

// PUT /api/backoffice/secrets/{name} – create or replace a secret; answers its name and dates, never the value
export const PUT = withSession<{ name: string }>(
  async (req, { user, params }) => {
    const { value } = await readJsonBody(req, setSecretRequestSchema, { maxBytes: 64_000 });
    return Response.json(await setSecretFor(await getDb(), user, params.name, value));
  },
  { adminOnly: true },
);

// DELETE /api/backoffice/secrets/{name} – delete a secret (204; 404 when absent)
export const DELETE = withSession<{ name: string }>(
  async (_req, { user, params }) => {
    await deleteSecretFor(await getDb(), user, params.name);
    return new Response(null, { status: 204 });
  },
  { adminOnly: true },
);
