import { recordSinkEntry, sinkEntries, SINK_MAX_BODY_BYTES } from "@/lib/sandbox/webhook-sink";
import { readSinkBody } from "@/lib/sandbox/read-sink-body";
import { withSandboxCaller } from "@/lib/sandbox/with-sandbox-caller";

const SHOWN_HEADERS = ["content-type", "webhook-id", "webhook-timestamp", "webhook-signature", "user-agent"];

// POST /api/sandbox/webhook-sink/{name} – records what a webhook sent, for the caller's project (sandbox only)
export const POST = withSandboxCaller<{ name: string }>(async (req, { projectId, params }) => {
  const { text, bytes } = await readSinkBody(req, SINK_MAX_BODY_BYTES);
  const headers = Object.fromEntries(SHOWN_HEADERS.filter((h) => req.headers.has(h)).map((h) => [h, req.headers.get(h)!]));
  recordSinkEntry(projectId, { at: new Date().toISOString(), name: params.name, headers }, text, bytes);
  return Response.json({ received: true }, { status: 202 });
});

// GET /api/sandbox/webhook-sink/{name} – what the sink received for the caller's project, oldest first
export const GET = withSandboxCaller<{ name: string }>(async (_req, { projectId, params }) => Response.json({ data: sinkEntries(projectId, params.name) }));
