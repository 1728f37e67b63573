"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const SECTIONS = [
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/secrets", label: "Secrets" },
  { href: "/settings/webhooks", label: "Webhooks" },
  { href: "/settings/users", label: "Users and roles" },
  { href: "/settings/teams", label: "Teams" },
  { href: "/settings/failed-jobs", label: "Failed jobs" },
];

/** The settings sections as tabs-like links; the open one is marked `aria-current="page"`. */
export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav className="settings-nav" aria-label="Settings sections">
      {SECTIONS.map((s) => (
        <Link key={s.href} href={s.href} aria-current={pathname === s.href || pathname.startsWith(`${s.href}/`) ? "page" : undefined}>
          {s.label}
        </Link>
      ))}
    </nav>
  );
}
