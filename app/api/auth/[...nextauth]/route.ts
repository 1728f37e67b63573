import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { nextAuthRoute } from "@/lib/auth/next-auth-route";

// GET|POST /api/auth/* – next-auth sign-in, sign-out, session and CSRF endpoints; refusals as problem+json
const handler = nextAuthRoute((req, ctx) => NextAuth(req as never, ctx as never, authOptions()), ["credentials"]);

export { handler as GET, handler as POST };
