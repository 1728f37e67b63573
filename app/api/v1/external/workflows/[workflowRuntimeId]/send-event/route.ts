import { getDb, getDbHandle } from "@/lib/db/client";
import { withApiKey } from "@/lib/api/with-api-key";
import { readJsonBody } from "@/lib/api/http/read-json";
import { idempotent } from "@/lib/api/http/idempotency";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { sendEventRequestSchema } from "@/lib/api/schemas";
import { sendEvent } from "@/lib/runtime/send-event";
import { etagOf, ifMatchVersion } from "@/lib/runtime/etag";
import { getRuntimeOrThrow } from "@/lib/runtime/get-runtime";
import { loadRuntimeView } from "@/lib/runtime/runtime-view";
import { preferredWait, waitUntilSettled } from "@/lib/runtime/wait-settled";

type Params = { workflowRuntimeId: string };

// POST /api/v1/external/workflows/{workflowRuntimeId}/send-event – deliver an event to a runtime
export const POST = withApiKey<Params>(async (req, { auth, params }) => {
  const db = await getDb();
  const body = await readJsonBody(req, sendEventRequestSchema);
  const expectedVersion = ifMatchVersion(req);
  const endpoint = `POST /workflows/${params.workflowRuntimeId}/send-event`;
  let version: number | undefined;
  const res = await idempotent(db, req, { projectId: auth.projectId, endpoint, bodyText: JSON.stringify(body) }, async (tx) => {
    const runtime = await sendEvent(tx, {
      projectId: auth.projectId,
      runtimeId: params.workflowRuntimeId,
      name: body.name,
      payload: body.payload,
      origin: "api",
      actor: { type: "api_key", id: auth.apiKeyId },
      expectedVersion,
    });
    version = runtime.version;
    return { status: 200, body: await loadRuntimeView(tx, runtime) };
  });
  const wait = preferredWait(req);
  if (wait === null || res.status !== 200) return withEtag(res, version);
  await waitUntilSettled(await getDbHandle(), params.workflowRuntimeId, wait);
  const settled = await loadRuntimeView(db, await getRuntimeOrThrow(db, auth.projectId, params.workflowRuntimeId));
  return Response.json(settled, { headers: { "Preference-Applied": `wait=${wait}`, ETag: etagOf(settled.version) } });
});

/** `ETag` of the runtime's version; a replayed response (Idempotency-Key) did not run the work, so read its stored body. */
async function withEtag(res: Response, version: number | undefined): Promise<Response> {
  const v = version ?? ((await res.clone().json()) as { version?: number }).version;
  if (typeof v === "number") res.headers.set("ETag", etagOf(v));
  return res;
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
