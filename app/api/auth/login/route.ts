import { signInWithForm } from "@/lib/auth/form-session";

export const dynamic = "force-dynamic";

// POST /api/auth/login – the login form (works without JavaScript): sets the session cookie and redirects
export const POST = signInWithForm;
