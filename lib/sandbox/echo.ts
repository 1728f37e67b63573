import { assertSafeJson, readJsonValue } from "../api/http/read-json";
import { problemResponse } from "../api/http/problem";
import { checkDatabase } from "../db/health";
import { sandboxOnly } from "./guard";

/**
 * The sandbox echo: reads a JSON body (the API's limits and errors), probes the database as /api/health does and
 * answers what it read, with `also` (e.g. the path's segment). The cheapest POST the app serves, at a static path
 * (`/api/sandbox/echo`) and at a dynamic one (`/api/sandbox/echo/{name}`, the shape of
 * `/workflows/{id}/send-event`): `npm run bench` measures both beside GET /api/health as the framework's floor for a
 * write. Sandbox only (404 elsewhere); no key needed, nothing stored.
 */
export async function echo(req: Request, also: Record<string, string> = {}): Promise<Response> {
  const refused = sandboxOnly();
  if (refused) return refused;
  try {
    const value = assertSafeJson(await readJsonValue(req));
    const db = await checkDatabase();
    return Response.json({ received: value, ...also, database: db.ok ? "ok" : "unavailable" }, { status: db.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return problemResponse(error);
  }
}
