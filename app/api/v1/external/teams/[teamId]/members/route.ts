import { teamHandlers } from "@/app/api/_handlers/teams";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// POST /api/v1/external/teams/{teamId}/members – add a user of the project to the team; answers the team
export const POST = withApiKey<{ teamId: string }>({ scope: "teams:write" }, teamHandlers.addMember);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
