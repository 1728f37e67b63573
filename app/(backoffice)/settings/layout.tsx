import type { ReactNode } from "react";
import { AdminOnly } from "@/components/settings/admin-only";
import { SettingsNav } from "@/components/settings/settings-nav";
import { adminOrNull } from "./admin-page";
import "../config.css";

// Settings are for admins; reviewers get the 403 page. Each page checks again (layouts do not re-run on navigation).
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  if (!(await adminOrNull("/settings"))) return <AdminOnly what="Settings" />;
  return (
    <>
      <div className="page-head">
        <h1>Settings</h1>
      </div>
      <SettingsNav />
      {children}
    </>
  );
}
