import { redirect } from "next/navigation";
import { currentUser, type SessionUser } from "./session";

/** The signed-in user for a page or layout; redirects to the sign-in page (with a way back) otherwise. */
export async function requireUser(returnTo?: string): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(returnTo ? `/login?callbackUrl=${encodeURIComponent(returnTo)}` : "/login");
  return user;
}
