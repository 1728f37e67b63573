import { createHandler } from "@/app/api/_handlers/resource";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { createUserFor, createUserSchema } from "@/lib/users/create-user";
import { listUsers } from "@/lib/users/list-users";

export const dynamic = "force-dynamic";

// GET /api/backoffice/users – the project's users (any signed-in user: assignment pickers need them)
export const GET = withSession(async (_req, { caller }) => Response.json({ data: await listUsers(await getDb(), caller.projectId) }));

// POST /api/backoffice/users – create a user with a role and a password (admins only)
export const POST = withSession(createHandler(createUserSchema, createUserFor, { maxBytes: 10_000 }), { adminOnly: true });
