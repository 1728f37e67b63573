import type { ReactNode } from "react";
import { Sidebar } from "@/components/shell/sidebar";
import { QueryProvider } from "@/components/shell/query-provider";
import { requireUser } from "@/lib/auth/require-user";
import "./backoffice.css";

export const dynamic = "force-dynamic";

// Every backoffice page also checks the session itself; this check guards the shell.
export default async function BackofficeLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <QueryProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="shell">
        <Sidebar user={user} />
        <main id="main" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </QueryProvider>
  );
}
