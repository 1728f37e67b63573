"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** A sidebar link marked `aria-current="page"` when its section is open. */
export function NavLink({ href, label, children }: { href: string; label: string; children?: ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link href={href} className="nav-link" aria-current={current ? "page" : undefined} title={label}>
      <span className="label">{label}</span>
      {children}
    </Link>
  );
}
