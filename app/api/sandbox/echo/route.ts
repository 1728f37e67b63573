import { echo } from "@/lib/sandbox/echo";

export const dynamic = "force-dynamic";

// POST /api/sandbox/echo – answers the JSON body it was sent (lib/sandbox/echo.ts): the cheapest POST, at a static path
export async function POST(req: Request): Promise<Response> {
  return echo(req);
}
