import { problem } from "@/lib/api/http/problem";
import { requestIdFor } from "@/lib/api/http/request-id";
import { checkReadiness } from "@/lib/readiness/check-readiness";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

// GET /api/health/ready – readiness: 200 once migrated, seeded, the database answers and the worker polls; else 503
export async function GET(req: Request): Promise<Response> {
  const { ready, checks } = await checkReadiness();
  if (ready) return Response.json({ status: "ready", checks }, { headers: NO_STORE });
  const failed = Object.entries(checks).filter(([, check]) => !check.ok);
  const errors = failed.map(([name, check]) => ({ path: `/checks/${name}`, message: check.detail ?? "failed" }));
  return problem("not_ready", `Not ready: ${failed.map(([name]) => name).join(", ")}.`, errors, NO_STORE, requestIdFor(req));
}
