import { problem } from "@/lib/api/http/problem";
import { sandboxOnly } from "@/lib/sandbox/guard";
import { readSamplePage, SAMPLE_PAGES } from "@/lib/sandbox/sample-pages";

// GET /api/sandbox/sample-pages/{name} – a sample document page (PDF or image) for the worked example (sandbox only)
export async function GET(_req: Request, ctx: { params: Promise<{ name: string }> }): Promise<Response> {
  const refused = sandboxOnly();
  if (refused) return refused;
  const { name } = await ctx.params;
  const page = await readSamplePage(name);
  if (!page) return problem("not_found", `No sample page '${name}'; the samples are ${Object.keys(SAMPLE_PAGES).join(", ")}.`);
  return new Response(new Uint8Array(page.bytes), {
    headers: { "Content-Type": page.type, "X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=3600", "Content-Security-Policy": "sandbox; default-src 'none'" },
  });
}
