import { getPlugin } from "../engine";
import type { Db } from "../db/client";
import { runtimeHistory, type Job, type NewRuntimeHistoryRow } from "../db/schema";
import { DONE, DONE_AND_RECORDED, type JobOutcome } from "../jobs/outcome";
import { metrics, timed } from "../observability/metrics";
import { callApiPlugin } from "../plugins/call-api-plugin";
import { getCompiledDefinition } from "./definition-cache";
import { deliverPluginResultSoon } from "./deliver-plugin-results";
import { findRuntimeSoon, pluginSecretsSoon } from "./plugin-job-reads";
import type { ApiPluginJobPayload } from "./effect-jobs";

/**
 * Handle an `api_plugin` job: load what the call needs (the runtime, still in the plugin's state, its
 * definition and the project's secrets, read together with the jobs started in the same turn), make one attempt
 * through the plugin leaf, then either record the attempt and retry later, or deliver the outcome through the step
 * path (which marks the job succeeded; batched with other jobs' results that arrive while a delivery is being
 * written, `deliverPluginResultSoon`).
 */
export async function runApiPluginJob(db: Db, job: Job): Promise<JobOutcome> {
  const p = job.payload as unknown as ApiPluginJobPayload;
  const runtime = await findRuntimeSoon(db, job.projectId, p.runtimeId);
  if (!runtime || runtime.status !== "active" || runtime.state !== p.state) return DONE;
  const { compiled } = await getCompiledDefinition(db, job.projectId, p.definitionId, p.definitionVersion);
  const plugin = getPlugin(compiled, p.pluginName);
  if (!plugin) return { type: "failed", error: `plugin '${p.pluginName}' is not in ${p.definitionId}@${p.definitionVersion}` };
  const secrets = await pluginSecretsSoon(db, job.projectId);
  const latency = metrics().pluginLatency.labels({ plugin: plugin.name, kind: "api" });
  const attempt = await timed((s) => latency.observe(s), () => callApiPlugin(plugin, runtime.context, secrets, job.attempts));
  const record: Omit<NewRuntimeHistoryRow, "projectId" | "runtimeId"> = { kind: "plugin_call", eventName: plugin.name, fromState: p.state, toState: p.state, actorType: "system" };

  if (attempt.type === "retry") {
    await db.insert(runtimeHistory).values({
      ...record,
      projectId: job.projectId,
      runtimeId: p.runtimeId,
      payload: { plugin: plugin.name, kind: "api", attempt: job.attempts, ok: false, error: attempt.error, retryInMs: attempt.delayMs, ...attempt.details },
    });
    return { type: "retry", delayMs: attempt.delayMs, error: attempt.error };
  }
  const { result, details } = attempt;
  await deliverPluginResultSoon(db, job.projectId, p.runtimeId, {
    result: { ...result, pluginName: plugin.name, expectedState: p.state },
    callRecord: { ...record, payload: { plugin: plugin.name, kind: "api", attempt: job.attempts, ok: result.ok, error: result.error ?? null, ...details } },
    job,
  });
  return DONE_AND_RECORDED;
}
