import type { ReactNode } from "react";
import { forbidden } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { isActiveAdmin, userCaller, type UserCaller } from "@/lib/callers";
import { getDb, type Db } from "@/lib/db/client";

/**
 * The signed-in user of an admin page as a caller, or null for anyone who is not an active admin right now
 * (the page then renders the 403 body): a reviewer, or an admin demoted or deactivated since signing in.
 */
export async function adminOrNull(path: string): Promise<UserCaller | null> {
  const caller = userCaller(await requireUser(path));
  return (await isActiveAdmin(await getDb(), caller)) ? caller : null;
}

/**
 * A settings page: admins see what `render` makes of their caller, everyone else the 403 page (`forbidden()`). Layouts do not
 * re-run on navigation, so each page checks again.
 *
 * @example export default settingsPage("/settings/secrets", async (caller, db) => <SecretTable secrets={await listSecretsFor(db, caller)} />);
 */
export function settingsPage(path: string, render: (caller: UserCaller, db: Db) => Promise<ReactNode>) {
  return async function SettingsPage() {
    const caller = await adminOrNull(path);
    if (!caller) forbidden();
    return <div className="stack config-stack">{await render(caller, await getDb())}</div>;
  };
}
