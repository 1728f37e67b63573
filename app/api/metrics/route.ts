import { problemResponse } from "@/lib/api/http/problem";
import { observeRequest } from "@/lib/api/http/request-log";
import { requestIdFor } from "@/lib/api/http/request-id";
import { env } from "@/lib/config/env";
import { metricsExposition } from "@/lib/metrics/metrics-endpoint";

export const dynamic = "force-dynamic";

// GET /api/metrics – this process's Prometheus metrics (Authorization: Bearer $METRICS_TOKEN)
export async function GET(req: Request): Promise<Response> {
  const requestId = requestIdFor(req);
  return observeRequest(req, requestId, async () => {
    try {
      const { contentType, body } = await metricsExposition(req.headers.get("authorization"), env().METRICS_TOKEN);
      return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store", "X-Request-Id": requestId } });
    } catch (error) {
      const res = problemResponse(error, requestId);
      res.headers.set("Cache-Control", "no-store");
      return res;
    }
  });
}
