import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { AppError, unauthorized } from "@/lib/errors";
import { problemResponse } from "@/lib/api/http/problem";
import { drainJobs } from "@/lib/worker/drain";

export const dynamic = "force-dynamic";
// Vercel: the function may run this long; JOBS_DRAIN_BUDGET_MS (default 45 s) leaves room for jobs in flight.
export const maxDuration = 60;

// GET|POST /api/internal/jobs/drain – perform due jobs for hosts without a long-running worker (Vercel Cron
// calls it with `Authorization: Bearer $CRON_SECRET`). Answers 404 unless CRON_SECRET is set.
export async function GET(req: Request): Promise<Response> {
  try {
    const secret = env().CRON_SECRET;
    if (!secret) throw new AppError("not_found", "No route here. Set CRON_SECRET to enable the scheduled job drain.");
    if (!sameSecret(req.headers.get("authorization"), secret)) throw unauthorized("Send `Authorization: Bearer <CRON_SECRET>`.");
    const summary = await drainJobs(await getDb(), { budgetMs: env().JOBS_DRAIN_BUDGET_MS });
    return Response.json(summary, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return problemResponse(error);
  }
}

export const POST = GET;

/** Constant-time comparison of the bearer token with the secret (hashed first, so lengths never leak). */
function sameSecret(header: string | null, secret: string): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(token), digest(secret));
}
