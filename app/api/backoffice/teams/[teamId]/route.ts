import { teamHandlers } from "@/app/api/_handlers/teams";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// GET /api/backoffice/teams/{teamId} – one team with its members (admins only)
export const GET = withSession<{ teamId: string }>(teamHandlers.get, { adminOnly: true });

// PATCH /api/backoffice/teams/{teamId} – rename a team (admins only)
export const PATCH = withSession<{ teamId: string }>(teamHandlers.rename, { adminOnly: true });

// DELETE /api/backoffice/teams/{teamId} – delete a team (204; 409 team_in_use while a queue is restricted to it)
export const DELETE = withSession<{ teamId: string }>(teamHandlers.delete, { adminOnly: true });
