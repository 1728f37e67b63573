import { echo } from "@/lib/sandbox/echo";

// POST /api/sandbox/echo/{name} – the echo at a dynamic path, the shape of /workflows/{id}/send-event (lib/sandbox/echo.ts)
export async function POST(req: Request, ctx: { params: Promise<{ name: string }> }): Promise<Response> {
  return echo(req, { name: (await ctx.params).name });
}
