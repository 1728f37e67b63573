import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* – next-auth sign-in, sign-out, session and CSRF endpoints
async function handler(req: Request, ctx: Ctx): Promise<Response> {
  return NextAuth(req as never, ctx as never, authOptions());
}

export { handler as GET, handler as POST };
