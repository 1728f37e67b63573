import { recordSinkEntry, sinkEntries } from "@/lib/sandbox/webhook-sink";
import { sandboxOnly } from "@/lib/sandbox/guard";

type Ctx = { params: Promise<{ name: string }> };
const SHOWN_HEADERS = ["content-type", "webhook-id", "webhook-timestamp", "webhook-signature", "user-agent"];

// POST /api/sandbox/webhook-sink/{name} – records what a webhook sent (sandbox only)
export async function POST(req: Request, ctx: Ctx): Promise<Response> {
  const refused = sandboxOnly();
  if (refused) return refused;
  const { name } = await ctx.params;
  const text = await req.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the raw text
  }
  const headers = Object.fromEntries(SHOWN_HEADERS.filter((h) => req.headers.has(h)).map((h) => [h, req.headers.get(h)!]));
  recordSinkEntry({ at: new Date().toISOString(), name, headers, body });
  return Response.json({ received: true }, { status: 202 });
}

// GET /api/sandbox/webhook-sink/{name} – what the sink received, oldest first
export async function GET(_req: Request, ctx: Ctx): Promise<Response> {
  const refused = sandboxOnly();
  if (refused) return refused;
  const { name } = await ctx.params;
  return Response.json({ data: sinkEntries(name) });
}
