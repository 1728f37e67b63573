import { requireUser } from "@/lib/auth/require-user";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { isActiveAdmin } from "@/lib/settings/assert-admin";

/**
 * The signed-in user of an admin page, or null for anyone who is not an active admin right now (the page then
 * renders the 403 body): a reviewer, or an admin demoted or deactivated since signing in.
 */
export async function adminOrNull(path: string): Promise<SessionUser | null> {
  const user = await requireUser(path);
  return (await isActiveAdmin(await getDb(), user)) ? user : null;
}
