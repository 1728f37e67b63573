import type { z } from "zod";
import type { Db } from "../db/client";
import type { WorkflowRuntime } from "../db/schema";
import { etagHeaders, ifMatchVersion } from "../runtime/etag";
import { loadRuntimeView } from "../runtime/runtime-view";
import type { Actor } from "../runtime/types";
import type { IdempotentResult } from "./http/idempotency";
import { settleRuntimeOfPath } from "./settle-runtime";
import { withApiKey, type RouteHandler } from "./with-api-key";

type RuntimePath = { workflowRuntimeId: string };

/** What every write on a runtime's path hands its lib function: which runtime, who asks, and the `If-Match` version. */
export interface RuntimeWriteTarget {
  projectId: string;
  runtimeId: string;
  actor: Actor;
  expectedVersion: number | undefined;
}

/**
 * A write route on `/api/v1/external/workflows/{workflowRuntimeId}/<action>`: scope `runtimes:write`, the body
 * parsed with `body`, the work done once per `Idempotency-Key` (scoped to the method and path, as
 * `"POST /workflows/{id}/cancel"`), `If-Match` handed on as the expected version, and the answer's runtime version
 * as its `ETag`. With `settle`, `Prefer: wait` answers the runtime once it settled. `write` calls one lib function
 * and answers (`runtimeAnswer` for the runtime view).
 *
 * @example
 * export const POST = runtimeWrite("POST", "cancel", { body: cancelRequestSchema }, async (db, target, body) =>
 *   runtimeAnswer(db, await cancelRuntime(db, { ...target, reason: body.reason })));
 */
export function runtimeWrite<S extends z.ZodType, P extends RuntimePath = RuntimePath>(
  method: "POST" | "PUT" | "PATCH",
  action: string | ((params: P) => string),
  options: { body: S; settle?: boolean; patchMediaTypes?: readonly string[] },
  write: (db: Db, target: RuntimeWriteTarget, body: z.output<S>, params: P) => Promise<IdempotentResult>,
): RouteHandler {
  return withApiKey<P, S>(
    {
      scope: "runtimes:write",
      body: options.body,
      patchMediaTypes: options.patchMediaTypes,
      idempotencyScope: (params) => `${method} /workflows/${params.workflowRuntimeId}/${typeof action === "string" ? action : action(params)}`,
      headers: etagHeaders,
      settle: options.settle ? settleRuntimeOfPath : undefined,
    },
    async ({ db, auth, params, req, body }) =>
      write(db, { projectId: auth.projectId, runtimeId: params.workflowRuntimeId, actor: { type: "api_key", id: auth.apiKeyId }, expectedVersion: ifMatchVersion(req) }, body, params),
  );
}

/** A 200 answering the runtime's view (what `GET /workflows/{id}` answers). */
export async function runtimeAnswer(db: Db, runtime: WorkflowRuntime): Promise<IdempotentResult> {
  return { status: 200, body: await loadRuntimeView(db, runtime) };
}
