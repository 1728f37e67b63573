import type { Metadata } from "next";
import { UserForm } from "@/components/settings/user-form";
import { UserTable } from "@/components/settings/user-table";
import { listUsersFor } from "@/lib/users/list-users";
import { settingsPage } from "../admin-page";

export const metadata: Metadata = { title: "Users and roles · Settings" };
export const dynamic = "force-dynamic";

// Settings › Users and roles: list, add, change role, deactivate/reactivate (never yourself).
export default settingsPage("/settings/users", async (caller, db) => {
  const users = await listUsersFor(db, caller);
  return (
    <>
      <UserForm />
      <section aria-labelledby="users-h">
        <h2 id="users-h">Users ({users.length})</h2>
        <UserTable users={users} selfId={caller.userId} />
      </section>
    </>
  );
});
