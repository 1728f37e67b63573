import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { UserForm } from "@/components/settings/user-form";
import { UserTable } from "@/components/settings/user-table";
import { getDb } from "@/lib/db/client";
import { listUsersFor } from "@/lib/settings/user-settings";
import { adminOrNull } from "../admin-page";

export const metadata: Metadata = { title: "Users and roles · Settings" };
export const dynamic = "force-dynamic";

// Settings › Users and roles: list, add, change role, deactivate/reactivate (never yourself).
export default async function UsersPage() {
  const user = await adminOrNull("/settings/users");
  if (!user) return <AdminOnly what="Settings" />;
  const users = await listUsersFor(await getDb(), user);
  return (
    <div className="stack config-stack">
      <UserForm />
      <section aria-labelledby="users-h">
        <h2 id="users-h">Users ({users.length})</h2>
        <UserTable users={users} selfId={user.id} />
      </section>
    </div>
  );
}
