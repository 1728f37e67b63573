import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { pathParam } from "@/lib/api/http/path-param";
import { readJsonBody } from "@/lib/api/http/read-json";
import { putSecretRequestSchema, secretNameSchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { deleteSecret, putSecret } from "@/lib/secrets";

export const dynamic = "force-dynamic";

// PUT /api/v1/external/secrets/{name} – create or replace a secret; answers its name and dates, never the value
export const PUT = withApiKey<{ name: string }>(async (req, { auth, params }) => {
  const name = pathParam(secretNameSchema, params.name, "name");
  const { value } = await readJsonBody(req, putSecretRequestSchema, { maxBytes: 64_000 });
  return Response.json(await putSecret(await getDb(), auth.projectId, name, value));
});

// DELETE /api/v1/external/secrets/{name} – delete a secret (204; 404 when absent)
export const DELETE = withApiKey<{ name: string }>(async (_req, { auth, params }) => {
  const name = pathParam(secretNameSchema, params.name, "name");
  await deleteSecret(await getDb(), auth.projectId, name);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods(["PUT", "DELETE"]);
