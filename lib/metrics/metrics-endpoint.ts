import { createHash, timingSafeEqual } from "node:crypto";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { metrics } from "../observability/metrics";
import { collectGauges } from "./collect-gauges";

/**
 * This process's metrics in Prometheus text format, for a caller presenting `Authorization: Bearer
 * $METRICS_TOKEN` (compared in constant time). Without `METRICS_TOKEN` the endpoint does not exist (404); a
 * missing or wrong token is 401. The database gauges are read on each scrape.
 */
export async function metricsExposition(authorization: string | null, token: string | undefined): Promise<{ contentType: string; body: string }> {
  if (!token) throw new AppError("not_found", "Metrics are off: set METRICS_TOKEN to expose them at /api/metrics.");
  if (!sameSecret(bearerOf(authorization), token)) {
    throw new AppError("unauthorized", "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.", { headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } });
  }
  const m = metrics();
  await collectGauges(await getDb(), m);
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}

function bearerOf(header: string | null): string {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : "";
}

/** Equal strings, compared on their SHA-256 digests so neither the length nor the first difference leaks. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}
