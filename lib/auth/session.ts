import { getServerSession } from "next-auth";
import { authOptions } from "./options";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "reviewer";
  projectId: string;
}

/** The signed-in backoffice user, or null. For server components, route handlers and server actions. */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const user = session?.user as Partial<SessionUser> | undefined;
  if (!user?.id || !user.role || !user.projectId) return null;
  return { id: user.id, email: user.email ?? "", name: user.name ?? user.email ?? "", role: user.role, projectId: user.projectId };
}
