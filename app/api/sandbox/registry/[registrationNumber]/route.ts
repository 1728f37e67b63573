import { registryAnswer } from "@/lib/sandbox/registry";
import { sandboxOnly } from "@/lib/sandbox/guard";

// GET /api/sandbox/registry/{registrationNumber} – deterministic company-registry vendor for the sandbox
export async function GET(req: Request, ctx: { params: Promise<{ registrationNumber: string }> }): Promise<Response> {
  const refused = sandboxOnly();
  if (refused) return refused;
  const { registrationNumber } = await ctx.params;
  const answer = registryAnswer(registrationNumber, new URL(req.url).searchParams.get("business_name"));
  return Response.json(answer.body, { status: answer.status });
}
