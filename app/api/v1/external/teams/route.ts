import { teamHandlers } from "@/app/api/_handlers/teams";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// GET /api/v1/external/teams – the project's teams with their members, by name
export const GET = withApiKey({ scope: "teams:read" }, teamHandlers.list);

// POST /api/v1/external/teams – create a team, optionally with members (201, Location)
export const POST = withApiKey({ scope: "teams:write" }, teamHandlers.create("/api/v1/external/teams"));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
