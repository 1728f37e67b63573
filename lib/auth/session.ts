import { getServerSession } from "next-auth";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { authOptions } from "./options";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "reviewer";
  projectId: string;
}

/**
 * The signed-in backoffice user, or null. For server components, route handlers and server actions.
 * The session cookie only names the user: role and active flag are read from the database on every call, so
 * demoting or deactivating someone takes effect at once rather than when their session expires.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const [user] = await (await getDb()).select().from(users).where(eq(users.id, id));
  if (!user || !user.active) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return { id: user.id, email: user.email, name, role: user.role, projectId: user.projectId };
}
