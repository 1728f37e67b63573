import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { startWorkflow, validateAgainstSchema, type JsonObject } from "../engine";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { inTransaction } from "../db/transaction";
import { fromRow } from "../db/raw-sql";
import { workflowRuntimes, type WorkflowRuntime } from "../db/schema";
import { validationFailed, type FieldError } from "../api/errors";
import { deriveEvents } from "../webhooks/derive-events";
import { assertValidRuntimeSubscriptions, materialiseRuntimeSubscriptions } from "../webhooks/resolve-subscriptions";
import { enqueueSystemEvents } from "../webhooks/system-events";
import { getCompiledDefinition, latestDefinitionVersion } from "./definition-cache";
import { effectJobs } from "./effect-jobs";
import { entityUpsert } from "./entities";
import { jobsInsert } from "../jobs/queue";
import { applicableSubscriptionsJson, historyInsert, subscriptionsFrom, type HistoryInput } from "./step-sql";
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
  const upsertEntity = entityUpsert(input.projectId, input.context.entity, documents);
  const ids = { id: randomUUID(), projectId: input.projectId, workflowDefinitionId: definition.id, workflowDefinitionVersion: definition.version };
  const effects = effectJobs(ids, compiled, result.effects, snapshot.context);
  const history: HistoryInput[] = [
    { kind: "created", eventName: null, toState: snapshot.state, payload: { workflowDefinitionVersion: definition.version }, actorType: input.actor.type, actorId: input.actor.id ?? null },
    ...effects.history,
  ];
  const predicted = { state: snapshot.state, status: snapshot.status, tags: snapshot.tags, context: snapshot.context, workflowFinalState: snapshot.workflowFinalState } as WorkflowRuntime;
  const events = deriveEvents({ before: null, after: predicted, result, eventName: null });
  const entityColumn = sql.raw(input.context.entity.type === "business" ? "business_id" : "end_user_id");
  const newerVersion = pinned
    ? sql`false`
    : sql`exists (select 1 from workflow_definitions d where d.project_id = ${input.projectId}::text and d.id = ${definition.id}::text and d.version > ${definition.version}::int)`;

  return inTransaction(db, async (tx) => {
    const [raw] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with entity as (${upsertEntity}),
        rt as (
          insert into workflow_runtimes (id, project_id, workflow_definition_id, workflow_definition_version, ${entityColumn},
            state, status, tags, context, config, manual_review_reason, workflow_final_state, event_seq, resolved_at)
          select ${ids.id}::uuid, ${input.projectId}::text, ${definition.id}::text, ${definition.version}::int, entity.id,
            ${snapshot.state}::text, ${snapshot.status}::text, ${workflowRuntimes.tags.mapToDriverValue(snapshot.tags)}::text[],
            ${JSON.stringify(snapshot.context)}::jsonb, ${JSON.stringify(input.config ?? {})}::jsonb,
            ${snapshot.manualReviewReason}::text, ${snapshot.workflowFinalState}::text, ${events.length}::int,
            case when ${result.completed}::boolean then now() end
          from entity
          where not ${newerVersion}
          returning *
        ),
        h as (${historyInsert(input.projectId, ids.id, history, "rt")}),
        j as (${jobsInsert(effects.jobs, "rt")})
        select rt.*, ${applicableSubscriptionsJson("rt")} as applicable_subscriptions from rt`),
    );
    if (!raw) throw new StaleLatestVersion();
    const runtime = fromRow(workflowRuntimes, raw);
    const applicable = [...subscriptionsFrom(raw.applicable_subscriptions), ...(await materialiseRuntimeSubscriptions(tx, runtime))];
    await enqueueSystemEvents(tx, { before: null, after: runtime, result, eventName: null }, { events, lastSequence: runtime.eventSeq, applicable });
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
