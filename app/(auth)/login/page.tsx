import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { signInErrorFrom } from "@/components/auth/sign-in-error";
import { safeCallbackUrl } from "@/lib/auth/callback-url";

export const metadata: Metadata = { title: "Sign in" };

type Query = Record<string, string | string[] | undefined>;

// The sign-in page, rendered on the server: its form works without JavaScript (see LoginForm).
export default async function LoginPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const callbackUrl = safeCallbackUrl(typeof query.callbackUrl === "string" ? query.callbackUrl : undefined);
  return (
    <main className="center">
      <div className="card" style={{ width: "100%", maxWidth: 380 }}>
        <h1 style={{ marginTop: 0 }}>Case management</h1>
        <p className="muted">Sign in to review cases.</p>
        <LoginForm callbackUrl={callbackUrl} error={signInErrorFrom(query)} />
      </div>
    </main>
  );
}
