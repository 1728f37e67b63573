import { readJsonBody } from "@/lib/api/http/read-json";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";
import { updateUserFor, updateUserRequestSchema } from "@/lib/users/update-user";

export const dynamic = "force-dynamic";

// PATCH /api/backoffice/users/{userId} – change a user's role, deactivate/reactivate them (not yourself) or set their password
export const PATCH = withSession<{ userId: string }>(
  async (req, { caller, params }) => {
    const body = await readJsonBody(req, updateUserRequestSchema, { maxBytes: 1_000 });
    return Response.json(await updateUserFor(await getDb(), caller, params.userId, body));
  },
  { adminOnly: true },
);
