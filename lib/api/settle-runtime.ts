import { getRuntimeOrThrow } from "../runtime/get-runtime";
import { loadRuntimeView } from "../runtime/runtime-view";
import type { WriteOptions } from "./write-options";

/**
 * The `settle` write option of a route on `/workflows/{workflowRuntimeId}/…` that answers the runtime view:
 * `Prefer: wait` waits for that runtime, then answers it as it is once settled.
 */
export const settleRuntimeOfPath: NonNullable<WriteOptions<{ workflowRuntimeId: string }, never>["settle"]> = {
  runtimeId: (_, params) => params.workflowRuntimeId,
  reload: async (db, auth, id) => loadRuntimeView(db, await getRuntimeOrThrow(db, auth.projectId, id)),
};
