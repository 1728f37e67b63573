import { applyPluginResult, getPlugin, type PluginResultInput } from "../engine";
import type { Db } from "../db/client";
import type { Job, NewRuntimeHistoryRow, WorkflowRuntime } from "../db/schema";
import { step, type Decision, type LockedRuntime } from "./step";
import { SYSTEM_ACTOR } from "./types";

/** What delivering one plugin call's outcome needs besides its runtime. */
export interface PluginDelivery {
  result: PluginResultInput;
  /** The `plugin_call` history row that records the call. */
  callRecord: Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">;
  /** The job that made the call, completed by the step. */
  job: Pick<Job, "id" | "lockedBy">;
}

/**
 * Feed an API plugin's outcome back into its runtime through the one step path: store the output, move by
 * successAction or errorAction, and record the call in the history. A result for a runtime that has left the
 * plugin's state is recorded and otherwise ignored. The `job` that made the call is marked succeeded in the
 * same statement, so the step and the job's completion commit together.
 */
export async function deliverPluginResult(db: Db, projectId: string, runtimeId: string, delivery: PluginDelivery): Promise<WorkflowRuntime> {
  const { runtime } = await step(db, { projectId, runtimeId }, decidePluginResult(delivery));
  return runtime;
}

/** The decide callback of `deliverPluginResult`, for its single and its batched form. */
export function decidePluginResult({ result, callRecord, job }: PluginDelivery): (locked: LockedRuntime) => Decision {
  return ({ compiled, snapshot }) => {
    const plugin = getPlugin(compiled, result.pluginName);
    const action = result.ok ? plugin?.successAction : plugin?.errorAction;
    return {
      result: applyPluginResult(compiled, snapshot, result),
      cause: {
        eventName: action ?? (result.ok ? "plugin_success" : "plugin_error"),
        payload: { plugin: result.pluginName, ok: result.ok, httpStatus: result.httpStatus ?? null, error: result.error ?? null },
        actor: SYSTEM_ACTOR,
        history: [callRecord],
        completesJob: job,
      },
    };
  };
}
