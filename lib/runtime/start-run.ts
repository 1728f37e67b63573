import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { startWorkflow, validateAgainstSchema, type JsonObject } from "../engine";
import type { Db } from "../db/client";
import { inTransaction } from "../db/transaction";
import type { WorkflowRuntime } from "../db/schema";
import { validationFailed, type FieldError } from "../errors";
import { deriveEvents } from "../webhooks/derive-events";
import { assertValidRuntimeSubscriptions, materialiseRuntimeSubscriptions } from "../webhooks/resolve-subscriptions";
import { getCompiledDefinition, latestDefinitionVersion } from "./definition-cache";
import { effectJobs } from "./effect-jobs";
import { timerJobs } from "./timer-jobs";
import { entityUpsert } from "./entities";
import { jobsInsert } from "../jobs/queue";
import { historyInsert, type HistoryInput } from "./sql/history-insert";
import { runtimeInsert } from "./sql/runtime-insert";
import { NOTHING, writeStep } from "./write-step";
import type { Actor } from "./types";

export interface StartRunInput {
  projectId: string;
  workflowId: string;
  workflowVersion?: number;
  context: JsonObject & { entity: { id: string; type: "business" | "individual"; data?: JsonObject }; documents?: JsonObject[] };
  config?: JsonObject;
  actor: Actor;
}

export interface StartRunResult {
  workflowDefinitionId: string;
  workflowRuntimeId: string;
  serviceEntityId: string;
  runtime: WorkflowRuntime;
}

/**
 * Start a workflow: find or create the entity, give each document an id, validate the context against the
 * definition's `contextSchema`/`documentsSchema`, create the runtime in the initial state and enqueue that
 * state's plugins, all in one transaction. New runs use the latest version unless `workflowVersion` is given.
 *
 * The entity, runtime, history and jobs are one statement. The latest version comes from a per-process
 * cache; the statement creates nothing if a newer version exists (another process may have stored one), and
 * the run is then retried on the version it reads afresh. Given a transaction (an idempotent request's), the
 * run's writes join it.
 */
export async function startRun(db: Db, input: StartRunInput): Promise<StartRunResult> {
  try {
    return await startRunOnce(db, input, false);
  } catch (error) {
    if (!(error instanceof StaleLatestVersion)) throw error;
    return startRunOnce(db, input, true);
  }
}

class StaleLatestVersion extends Error {}

async function startRunOnce(db: Db, input: StartRunInput, freshLatest: boolean): Promise<StartRunResult> {
  const pinned = input.workflowVersion !== undefined;
  const version = input.workflowVersion ?? (await latestDefinitionVersion(db, input.projectId, input.workflowId, freshLatest));
  const { row: definition, compiled } = await getCompiledDefinition(db, input.projectId, input.workflowId, version);
  const documents = (input.context.documents ?? []).map((doc) => ({ id: randomUUID(), ...doc }));
  const context: JsonObject = { ...input.context, documents };
  const problems = contextProblems(definition.contextSchema, definition.documentsSchema, context, documents);
  if (problems.length) throw validationFailed("The context does not match the workflow definition's schema.", problems);
  assertValidRuntimeSubscriptions(input.config);

  const result = startWorkflow(compiled, context);
  const { snapshot } = result;
  const ids = { id: randomUUID(), projectId: input.projectId, workflowDefinitionId: definition.id, workflowDefinitionVersion: definition.version };
  const effects = effectJobs(ids, compiled, result.effects, snapshot.context);
  const history: HistoryInput[] = [
    { kind: "created", eventName: null, toState: snapshot.state, payload: { workflowDefinitionVersion: definition.version }, actorType: input.actor.type, actorId: input.actor.id ?? null },
    ...effects.history,
  ];
  const predicted = { state: snapshot.state, status: snapshot.status, tags: snapshot.tags, context: snapshot.context, workflowFinalState: snapshot.workflowFinalState } as WorkflowRuntime;
  const events = deriveEvents({ before: null, after: predicted, result, eventName: null });

  return inTransaction(db, async (tx) => {
    const runtime = await writeStep(tx, {
      ctes: sql`entity as (${entityUpsert(input.projectId, input.context.entity, documents)})`,
      runtime: runtimeInsert({
        ...ids,
        definitionId: definition.id,
        definitionVersion: definition.version,
        pinned,
        entityType: input.context.entity.type,
        snapshot,
        config: input.config ?? {},
        completed: result.completed,
        eventCount: events.length,
        timers: result.timers,
      }),
      history: historyInsert(input.projectId, ids.id, history, "rt"),
      jobs: jobsInsert([...effects.jobs, ...timerJobs(ids, result.timers)], "rt"),
      completeJob: NOTHING,
      before: null,
      result,
      eventName: null,
      events,
      definitionConfig: definition.config,
      moreSubscriptions: materialiseRuntimeSubscriptions,
    });
    if (!runtime) throw new StaleLatestVersion();
    return {
      workflowDefinitionId: definition.id,
      workflowRuntimeId: runtime.id,
      serviceEntityId: (runtime.businessId ?? runtime.endUserId)!,
      runtime,
    };
  });
}

function contextProblems(contextSchema: JsonObject | null, documentsSchema: JsonObject | null, context: JsonObject, documents: unknown[]): FieldError[] {
  const problems: FieldError[] = [];
  if (contextSchema) problems.push(...validateAgainstSchema(contextSchema, context).map((e) => ({ path: `/context${e.path}`, message: e.message })));
  if (documentsSchema) {
    documents.forEach((doc, i) =>
      problems.push(...validateAgainstSchema(documentsSchema, doc).map((e) => ({ path: `/context/documents/${i}${e.path}`, message: e.message }))),
    );
  }
  return problems;
}
