import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { createUser, createUserSchema } from "@/lib/users/create-user";
import { listUsers } from "@/lib/users/list-users";

export const dynamic = "force-dynamic";

// GET /api/backoffice/users – the project's users (any signed-in user: assignment pickers need them)
export const GET = withSession(async (_req, { user }) => Response.json({ data: await listUsers(await getDb(), user.projectId) }));

// POST /api/backoffice/users – create a user with a role and a password (admins only)
export const POST = withSession(
  async (req, { user }) => {
    const body = await readJsonBody(req, createUserSchema, { maxBytes: 10_000 });
    const created = await createUser(await getDb(), user.projectId, body);
    return Response.json(created, { status: 201 });
  },
  { adminOnly: true },
);
