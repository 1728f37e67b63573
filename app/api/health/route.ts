import { checkDatabase } from "@/lib/db/health";
import { SERVICE_VERSION } from "@/lib/version";

export const dynamic = "force-dynamic";

// GET /api/health – liveness and database reachability (503 when the database does not answer)
export async function GET(): Promise<Response> {
  const db = await checkDatabase();
  const body = { status: db.ok ? "ok" : "unavailable", database: db.kind, version: SERVICE_VERSION };
  return Response.json(body, { status: db.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
