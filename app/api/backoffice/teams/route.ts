import { teamHandlers } from "@/app/api/_handlers/teams";
import { withSession } from "@/lib/auth/with-session";

export const dynamic = "force-dynamic";

// GET /api/backoffice/teams – the project's teams with their members, by name (admins only)
export const GET = withSession(teamHandlers.list, { adminOnly: true });

// POST /api/backoffice/teams – create a team, optionally with members (admins only)
export const POST = withSession(teamHandlers.create("/api/backoffice/teams"), { adminOnly: true });
