import { teamHandlers } from "@/app/api/_handlers/teams";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

// DELETE /api/v1/external/teams/{teamId}/members/{userId} – remove a member from the team (204)
export const DELETE = withApiKey<{ teamId: string; userId: string }>({ scope: "teams:write" }, teamHandlers.removeMember);

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(["DELETE"]);
