import { teamHandlers } from "@/app/api/_handlers/teams";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// DELETE /api/backoffice/teams/{teamId}/members/{userId} – remove a member from the team (admins only, 204)
export const DELETE = withSession<{ teamId: string; userId: string }>(teamHandlers.removeMember, { adminOnly: true });
