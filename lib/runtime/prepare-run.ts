import { randomUUID } from "node:crypto";
import { startWorkflow, validateAgainstSchema, type JsonObject, type TransitionResult } from "../engine";
import type { Db } from "../db/client";
import type { NewJobRow } from "../jobs/queue";
import type { WorkflowDefinition, WorkflowRuntime } from "../db/schema";
import { validationFailed, type FieldError } from "../errors";
import { withJobTrace } from "../observability/job-trace";
import { deriveEvents } from "../webhooks/derive-events";
import type { DerivedEvent } from "../webhooks/step-events";
import { assertValidRuntimeSubscriptions } from "../webhooks/resolve-subscriptions";
import { getCompiledDefinition, latestDefinitionVersion } from "./definition-cache";
import { effectJobs } from "./effect-jobs";
import { entityRow, type EntityRow } from "./entities";
import type { HistoryInput } from "./sql/history-insert";
import { timerJobs } from "./timer-jobs";
import type { Actor } from "./types";

export interface StartRunInput {
  projectId: string;
  workflowId: string;
  workflowVersion?: number;
  context: JsonObject & { entity: { id: string; type: "business" | "individual"; data?: JsonObject }; documents?: JsonObject[] };
  config?: JsonObject;
  actor: Actor;
}

/** Everything a run writes, computed before its statement: the new runtime's id, its subject, first step and rows. */
export interface PreparedRun {
  id: string;
  projectId: string;
  definition: WorkflowDefinition;
  /** The run named its version (`workflowVersion`): it never yields to a newer one. */
  pinned: boolean;
  entity: EntityRow;
  config: JsonObject;
  result: TransitionResult;
  history: HistoryInput[];
  jobs: NewJobRow[];
  events: DerivedEvent[];
}

/**
 * Compute a run without writing anything: find its definition version (the latest from a per-process cache, read
 * afresh with `freshLatest`), give each document an id, validate the context against the definition's
 * `contextSchema`/`documentsSchema`, the entity data against its columns and the run's subscriptions, and let the
 * engine compute the initial state with its plugin jobs, timers, history and webhook events. Throws the problem a
 * run answers (404 unknown definition, 422 with every field) before anything is stored.
 */
export async function prepareRun(db: Db, input: StartRunInput, freshLatest: boolean): Promise<PreparedRun> {
  const pinned = input.workflowVersion !== undefined;
  const version = input.workflowVersion ?? (await latestDefinitionVersion(db, input.projectId, input.workflowId, freshLatest));
  const { row: definition, compiled } = await getCompiledDefinition(db, input.projectId, input.workflowId, version);
  const documents = (input.context.documents ?? []).map((doc) => ({ id: randomUUID(), ...doc }));
  const context: JsonObject = { ...input.context, documents };
  const problems = contextProblems(definition.contextSchema, definition.documentsSchema, context, documents);
  if (problems.length) throw validationFailed("The context does not match the workflow definition's schema.", problems);
  assertValidRuntimeSubscriptions(input.config);
  const entity = entityRow(input.context.entity, documents);

  const result = startWorkflow(compiled, context);
  const { snapshot } = result;
  const ids = { id: randomUUID(), projectId: input.projectId, workflowDefinitionId: definition.id, workflowDefinitionVersion: definition.version };
  const effects = effectJobs(ids, compiled, result.effects, snapshot.context);
  const history: HistoryInput[] = [
    { kind: "created", eventName: null, toState: snapshot.state, payload: { workflowDefinitionVersion: definition.version }, actorType: input.actor.type, actorId: input.actor.id ?? null },
    ...effects.history,
  ];
  const predicted = { state: snapshot.state, status: snapshot.status, tags: snapshot.tags, context: snapshot.context, workflowFinalState: snapshot.workflowFinalState } as WorkflowRuntime;
  return {
    id: ids.id,
    projectId: input.projectId,
    definition,
    pinned,
    entity,
    config: input.config ?? {},
    result,
    history,
    // Stamped here, in the scope of the request that asked for the run (its statement may be shared; see `startRuns`).
    jobs: [...effects.jobs, ...timerJobs(ids, result.timers)].map((job) => ({ ...job, payload: withJobTrace(job.payload) })),
    events: deriveEvents({ before: null, after: predicted, result, eventName: null }),
  };
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
