import { assertSafeJson, readJsonValue } from "@/lib/api/http/read-json";
import { problemResponse } from "@/lib/api/http/problem";
import { checkDatabase } from "@/lib/db/health";
import { sandboxOnly } from "@/lib/sandbox/guard";

export const dynamic = "force-dynamic";

// POST /api/sandbox/echo – reads a JSON body (the API's limits and errors), probes the database as /api/health
// does and answers what it read. The cheapest POST the framework serves: `npm run bench` measures it beside
// GET /api/health as the floor of a write's cost. Sandbox only (404 elsewhere); no key needed, nothing stored.
export async function POST(req: Request): Promise<Response> {
  const refused = sandboxOnly();
  if (refused) return refused;
  try {
    const value = assertSafeJson(await readJsonValue(req));
    const db = await checkDatabase();
    return Response.json({ received: value, database: db.ok ? "ok" : "unavailable" }, { status: db.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return problemResponse(error);
  }
}
