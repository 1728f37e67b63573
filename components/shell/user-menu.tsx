"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";

/** Who is signed in, and sign-out (next-auth clears the session cookie, then the login page opens). */
export function UserMenu({ name, email, role }: { name: string; email: string; role: string }) {
  const [pending, setPending] = useState(false);
  return (
    <div className="user-menu">
      <div className="who" title={`${name} <${email}>`}>
        Signed in as <strong>{name}</strong> ({role})
      </div>
      <button
        type="button"
        disabled={pending}
        onClick={() => {
          setPending(true);
          void signOut({ callbackUrl: "/login" });
        }}
      >
        {pending ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
}
