import { teamHandlers } from "@/app/api/_handlers/teams";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// GET /api/v1/external/teams/{teamId} – one team with its members
export const GET = withApiKey<{ teamId: string }>({ scope: "teams:read" }, teamHandlers.get);

// PATCH /api/v1/external/teams/{teamId} – rename a team
export const PATCH = withApiKey<{ teamId: string }>({ scope: "teams:write" }, teamHandlers.rename);

// DELETE /api/v1/external/teams/{teamId} – delete a team (204; 409 team_in_use while a queue is restricted to it)
export const DELETE = withApiKey<{ teamId: string }>({ scope: "teams:write" }, teamHandlers.delete);

export const { POST, PUT, OPTIONS } = otherMethods(["GET", "PATCH", "DELETE"]);
