import { signOutWithForm } from "@/lib/auth/form-session";

export const dynamic = "force-dynamic";

// POST /api/auth/logout – the sign-out button: revokes the session, clears its cookie, redirects to the login page
export const POST = signOutWithForm;
