import { secretHandlers } from "@/app/api/_handlers/secrets";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// PUT /api/v1/external/secrets/{name} – create or replace a secret; answers its name and dates, never the value
export const PUT = withApiKey<{ name: string }>({ scope: "secrets:write" }, secretHandlers.put);

// PATCH /api/v1/external/secrets/{name} – bind the secret to hosts (null unbinds); the value is not touched
export const PATCH = withApiKey<{ name: string }>({ scope: "secrets:write" }, secretHandlers.bind);

// DELETE /api/v1/external/secrets/{name} – delete a secret (204; 404 when absent)
export const DELETE = withApiKey<{ name: string }>({ scope: "secrets:write" }, secretHandlers.delete);

export const { GET, POST, OPTIONS } = otherMethods(["PUT", "PATCH", "DELETE"]);
