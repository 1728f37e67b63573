import { applyPluginResult, getPlugin, type PluginResultInput } from "../engine";
import type { Db } from "../db/client";
import type { Job, NewRuntimeHistoryRow, WorkflowRuntime } from "../db/schema";
import { getCompiledDefinition } from "./definition-cache";
import { withLockedRuntime } from "./locked-runtime";
import { persistStep } from "./persist-step";
import { snapshotOf } from "./snapshot";
import { SYSTEM_ACTOR } from "./types";

/**
 * Feed an API plugin's outcome back into its runtime through the same locked path as events: store the
 * output, move by successAction or errorAction, and record the call in the history. A result for a runtime
 * that has left the plugin's state is recorded and otherwise ignored. The `job` that made the call is marked
 * succeeded in the same statement, so the step and the job's completion commit together.
 */
export async function deliverPluginResult(
  db: Db,
  projectId: string,
  runtimeId: string,
  result: PluginResultInput,
  callRecord: Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId">,
  job: Pick<Job, "id" | "lockedBy">,
): Promise<WorkflowRuntime> {
  return withLockedRuntime(db, projectId, runtimeId, async (tx, runtime) => {
    const { compiled } = await getCompiledDefinition(tx, runtime.projectId, runtime.workflowDefinitionId, runtime.workflowDefinitionVersion);
    const step = applyPluginResult(compiled, snapshotOf(runtime), result);
    const plugin = getPlugin(compiled, result.pluginName);
    const action = result.ok ? plugin?.successAction : plugin?.errorAction;
    return persistStep(tx, runtime, compiled, step, {
      eventName: action ?? (result.ok ? "plugin_success" : "plugin_error"),
      payload: { plugin: result.pluginName, ok: result.ok, httpStatus: result.httpStatus ?? null, error: result.error ?? null },
      actor: SYSTEM_ACTOR,
      history: [callRecord],
      completesJob: job,
    });
  });
}
