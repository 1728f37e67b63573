import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = { title: "Sign in" };

export default function LoginPage() {
  return (
    <main className="center">
      <div className="card" style={{ width: "100%", maxWidth: 380 }}>
        <h1 style={{ marginTop: 0 }}>Case management</h1>
        <p className="muted">Sign in to review cases.</p>
        <LoginForm />
      </div>
    </main>
  );
}
