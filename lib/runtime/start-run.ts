import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { startWorkflow, validateAgainstSchema, type JsonObject } from "../engine";
import type { Db } from "../db/client";
import { runtimeHistory, workflowDefinitions, workflowRuntimes, type WorkflowRuntime } from "../db/schema";
import { notFound, validationFailed, type FieldError } from "../api/errors";
import { enqueueJobs } from "../jobs/queue";
import { enqueueSystemEvents } from "../webhooks/system-events";
import { getCompiledDefinition } from "./definition-cache";
import { effectJobs } from "./effect-jobs";
import { upsertEntity } from "./entities";
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
 */
export async function startRun(db: Db, input: StartRunInput): Promise<StartRunResult> {
  const version = input.workflowVersion ?? (await latestVersion(db, input.projectId, input.workflowId));
  const { row: definition, compiled } = await getCompiledDefinition(db, input.projectId, input.workflowId, version);
  const documents = (input.context.documents ?? []).map((doc) => ({ id: randomUUID(), ...doc }));
  const context: JsonObject = { ...input.context, documents };
  const problems = contextProblems(definition.contextSchema, definition.documentsSchema, context, documents);
  if (problems.length) throw validationFailed("The context does not match the workflow definition's schema.", problems);

  const result = startWorkflow(compiled, context);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const entity = await upsertEntity(tx, input.projectId, input.context.entity, documents);
    const { snapshot } = result;
    const [runtime] = await tx
      .insert(workflowRuntimes)
      .values({
        projectId: input.projectId,
        workflowDefinitionId: definition.id,
        workflowDefinitionVersion: definition.version,
        businessId: entity.businessId,
        endUserId: entity.endUserId,
        state: snapshot.state,
        status: snapshot.status,
        tags: snapshot.tags,
        context: snapshot.context,
        config: input.config ?? {},
        manualReviewReason: snapshot.manualReviewReason,
        workflowFinalState: snapshot.workflowFinalState,
        resolvedAt: result.completed ? new Date() : null,
      })
      .returning();
    const effects = effectJobs(runtime, compiled, result.effects, snapshot.context);
    const actor = { actorType: input.actor.type, actorId: input.actor.id ?? null };
    await tx.insert(runtimeHistory).values([
      { projectId: input.projectId, runtimeId: runtime.id, kind: "created", eventName: null, toState: snapshot.state, payload: { workflowDefinitionVersion: definition.version }, ...actor },
      ...effects.history.map((h) => ({ ...h, projectId: input.projectId, runtimeId: runtime.id })),
    ]);
    await enqueueJobs(tx, effects.jobs);
    await enqueueSystemEvents(tx, { before: null, after: runtime, result, eventName: null });
    return {
      workflowDefinitionId: definition.id,
      workflowRuntimeId: runtime.id,
      serviceEntityId: (entity.businessId ?? entity.endUserId)!,
      runtime,
    };
  });
}

async function latestVersion(db: Db, projectId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ version: workflowDefinitions.version })
    .from(workflowDefinitions)
    .where(and(eq(workflowDefinitions.projectId, projectId), eq(workflowDefinitions.id, id)))
    .orderBy(desc(workflowDefinitions.version))
    .limit(1);
  if (!row) throw notFound("Workflow definition", id);
  return row.version;
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
