import { teamHandlers } from "@/app/api/_handlers/teams";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// POST /api/backoffice/teams/{teamId}/members – add a user of the project to the team (admins only)
export const POST = withSession<{ teamId: string }>(teamHandlers.addMember, { adminOnly: true });
