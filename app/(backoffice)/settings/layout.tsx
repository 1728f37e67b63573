import type { ReactNode } from "react";
import { forbidden } from "next/navigation";
import { SettingsNav } from "@/components/settings/settings-nav";
import { adminOrNull } from "./admin-page";
import "../config.css";

// Settings are for admins; reviewers and auditors get the 403 page (HTTP 403: the layout answers before loading.tsx streams). Each page checks again (layouts do not re-run on navigation).
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  if (!(await adminOrNull("/settings"))) forbidden();
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
