import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { listSecretsQuerySchema } from "@/lib/api/schemas";
import { withApiKey } from "@/lib/api/with-api-key";
import { getDb } from "@/lib/db/client";
import { listSecretsPageFor } from "@/lib/secrets";

export const dynamic = "force-dynamic";

// GET /api/v1/external/secrets – names and dates of the project's secrets (never values), by name, a page at a time
export const GET = withApiKey({ scope: "secrets:write" }, async (req, { caller }) => Response.json(await listSecretsPageFor(await getDb(), caller, readQuery(req, listSecretsQuerySchema))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
